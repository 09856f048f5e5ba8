-- The sitemap's lastmod: each store page's last change on the app's clock (stamped by the
-- instances, public-pages/sitemap.ts), and a subscription change now bumps the page's version
-- as a store or coupon change does, since it decides whether the page is live.
ALTER TABLE "store_page_versions" ADD COLUMN "changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_page_versions" ADD COLUMN "stamped_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Pages that exist already: their latest known change, from the times the app wrote.
UPDATE "store_page_versions" AS v SET "stamped_version" = v."version", "changed_at" = greatest(
	s."created_at",
	(SELECT max(c."created_at") FROM "coupons" AS c WHERE c."store_id" = s."id"),
	(SELECT max(b."synced_at") FROM "billing_subscriptions" AS b WHERE b."store_id" = s."id")
) FROM "stores" AS s WHERE s."id" = v."store_id";--> statement-breakpoint
-- The sitemaps' reads: each store's coupons' days from the index alone, and the pages awaiting a stamp.
CREATE INDEX "coupons_store_dates_idx" ON "coupons" USING btree ("store_id","start_date","expiration_date");--> statement-breakpoint
CREATE INDEX "store_page_versions_unstamped_idx" ON "store_page_versions" USING btree ("store_id") WHERE "store_page_versions"."stamped_version" <> "store_page_versions"."version";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_store_page_version_for_subscription"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' AND NEW."store_id" = OLD."store_id" AND NEW."status" = OLD."status"
		AND NEW."current_period_end" IS NOT DISTINCT FROM OLD."current_period_end"
		AND NEW."cancel_at_period_end" = OLD."cancel_at_period_end" AND NEW."start_date" = OLD."start_date" THEN
		RETURN NULL;
	END IF;
	IF TG_OP <> 'INSERT' THEN
		UPDATE "store_page_versions" SET "version" = "version" + 1 WHERE "store_id" = OLD."store_id";
	END IF;
	IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW."store_id" <> OLD."store_id") THEN
		UPDATE "store_page_versions" SET "version" = "version" + 1 WHERE "store_id" = NEW."store_id";
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "billing_subscriptions_bump_page_version" AFTER INSERT OR UPDATE OR DELETE ON "billing_subscriptions"
	FOR EACH ROW EXECUTE FUNCTION "bump_store_page_version_for_subscription"();
