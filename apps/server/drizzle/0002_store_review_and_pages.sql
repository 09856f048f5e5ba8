CREATE TABLE "coupon_daily_stats" (
	"coupon_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"reveals" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "coupon_daily_stats_coupon_id_day_pk" PRIMARY KEY("coupon_id","day")
);
--> statement-breakpoint
CREATE TABLE "store_page_versions" (
	"store_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_actions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coupon_daily_stats" ADD CONSTRAINT "coupon_daily_stats_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_page_versions" ADD CONSTRAINT "store_page_versions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_actions" ADD CONSTRAINT "review_actions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_actions" ADD CONSTRAINT "review_actions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_actions_store_idx" ON "review_actions" USING btree ("store_id","created_at");--> statement-breakpoint
INSERT INTO "store_page_versions" ("store_id", "version") SELECT "id", 1 FROM "stores" ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The public store page's content version moves with every change to the store or its coupons, in the same transaction.
CREATE FUNCTION "bump_store_page_version_for_store"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "store_page_versions" ("store_id", "version") VALUES (NEW."id", 1)
	ON CONFLICT ("store_id") DO UPDATE SET "version" = "store_page_versions"."version" + 1;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "bump_store_page_version_for_coupon"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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
CREATE TRIGGER "stores_bump_page_version" AFTER INSERT OR UPDATE ON "stores"
	FOR EACH ROW EXECUTE FUNCTION "bump_store_page_version_for_store"();
--> statement-breakpoint
CREATE TRIGGER "coupons_bump_page_version" AFTER INSERT OR UPDATE OR DELETE ON "coupons"
	FOR EACH ROW EXECUTE FUNCTION "bump_store_page_version_for_coupon"();
