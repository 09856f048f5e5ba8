-- A store's subscription decides whether its public page is live, so a change
-- to one also announces the store id on 'store_changed' (delivered at commit).
CREATE OR REPLACE FUNCTION "notify_store_subscription_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' THEN
		PERFORM pg_notify('store_changed', OLD."store_id"::text);
	END IF;
	IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW."store_id" <> OLD."store_id") THEN
		PERFORM pg_notify('store_changed', NEW."store_id"::text);
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "billing_subscriptions_notify" AFTER INSERT OR UPDATE OR DELETE ON "billing_subscriptions"
	FOR EACH ROW EXECUTE FUNCTION "notify_store_subscription_changed"();
