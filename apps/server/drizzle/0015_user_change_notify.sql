-- /auth/me/ shows the user's own row, and each instance keeps it until 'store_changed'
-- names the user, so any change to a user announces 'u' and their id on the same channel
-- (delivered at commit); the listener tells it from a store id by the prefix.
CREATE OR REPLACE FUNCTION "notify_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' THEN
		PERFORM pg_notify('store_changed', 'u' || OLD."id"::text);
	END IF;
	IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW."id" <> OLD."id") THEN
		PERFORM pg_notify('store_changed', 'u' || NEW."id"::text);
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_notify" AFTER INSERT OR UPDATE OR DELETE ON "users"
	FOR EACH ROW EXECUTE FUNCTION "notify_user_changed"();
