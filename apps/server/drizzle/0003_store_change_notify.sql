-- Every change to a store or its coupons also announces the store id on the
-- 'store_changed' channel (delivered at commit), so each API instance can drop
-- what it caches for that store. The version bumps stay as they were.
CREATE OR REPLACE FUNCTION "bump_store_page_version_for_store"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		PERFORM pg_notify('store_changed', OLD."id"::text);
		RETURN NULL;
	END IF;
	INSERT INTO "store_page_versions" ("store_id", "version") VALUES (NEW."id", 1)
	ON CONFLICT ("store_id") DO UPDATE SET "version" = "store_page_versions"."version" + 1;
	PERFORM pg_notify('store_changed', NEW."id"::text);
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_store_page_version_for_coupon"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' THEN
		UPDATE "store_page_versions" SET "version" = "version" + 1 WHERE "store_id" = OLD."store_id";
		PERFORM pg_notify('store_changed', OLD."store_id"::text);
	END IF;
	IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW."store_id" <> OLD."store_id") THEN
		UPDATE "store_page_versions" SET "version" = "version" + 1 WHERE "store_id" = NEW."store_id";
		PERFORM pg_notify('store_changed', NEW."store_id"::text);
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "stores_notify_delete" AFTER DELETE ON "stores"
	FOR EACH ROW EXECUTE FUNCTION "bump_store_page_version_for_store"();
