-- Each instance keeps the small answers only a store's owner reads (billing details, mail
-- preferences, cards; Insights and the coupon stats) until 'store_changed' says they changed.
-- Those tables announce the store with a prefix (delivered at commit), so that the caches of
-- what visitors see (pages, lists, catalogues), which a change to these never touches, keep
-- theirs: 'd' and the store id for the owner's details, 'c' and the store id for the counts.
CREATE OR REPLACE FUNCTION "notify_store_details_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' THEN
		PERFORM pg_notify('store_changed', 'd' || OLD."store_id"::text);
	END IF;
	IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW."store_id" <> OLD."store_id") THEN
		PERFORM pg_notify('store_changed', 'd' || NEW."store_id"::text);
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "billing_details_notify" AFTER INSERT OR UPDATE OR DELETE ON "billing_details"
	FOR EACH ROW EXECUTE FUNCTION "notify_store_details_changed"();
--> statement-breakpoint
CREATE TRIGGER "billing_payment_methods_notify" AFTER INSERT OR UPDATE OR DELETE ON "billing_payment_methods"
	FOR EACH ROW EXECUTE FUNCTION "notify_store_details_changed"();
--> statement-breakpoint
CREATE TRIGGER "mail_preferences_notify" AFTER INSERT OR UPDATE OR DELETE ON "mail_preferences"
	FOR EACH ROW EXECUTE FUNCTION "notify_store_details_changed"();
--> statement-breakpoint
-- Counter rows and answers name a coupon; the store is its coupon's. A coupon deleted with its
-- counts is gone by then, and its own deletion has announced the store already.
CREATE OR REPLACE FUNCTION "notify_store_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	counted_store integer;
BEGIN
	SELECT "store_id" INTO counted_store FROM "coupons"
		WHERE "id" = (CASE WHEN TG_OP = 'DELETE' THEN OLD."coupon_id" ELSE NEW."coupon_id" END);
	IF counted_store IS NOT NULL THEN
		PERFORM pg_notify('store_changed', 'c' || counted_store::text);
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "coupon_daily_stats_notify" AFTER INSERT OR UPDATE OR DELETE ON "coupon_daily_stats"
	FOR EACH ROW EXECUTE FUNCTION "notify_store_counted"();
--> statement-breakpoint
CREATE TRIGGER "coupon_feedback_notify" AFTER INSERT OR UPDATE OR DELETE ON "coupon_feedback"
	FOR EACH ROW EXECUTE FUNCTION "notify_store_counted"();
