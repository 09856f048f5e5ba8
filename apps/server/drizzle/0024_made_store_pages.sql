-- Public store pages made on write (public-pages/page-maker.ts): each live store's page as rendered and
-- compressed when it last changed, read by requests in one statement. Every existing page starts
-- unmade (made_version 0), so the page maker's catch-up makes them all after this migration.
CREATE TABLE "store_pages" (
	"store_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"made_for" date NOT NULL,
	"valid_until" date NOT NULL,
	"etag" text NOT NULL,
	"br" "bytea" NOT NULL,
	"gzip" "bytea" NOT NULL,
	"coupon_ids" integer[] NOT NULL,
	"made_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_page_versions" ADD COLUMN "made_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_page_versions" ADD COLUMN "making_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_pages" ADD CONSTRAINT "store_pages_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_pages_valid_until_idx" ON "store_pages" USING btree ("valid_until");--> statement-breakpoint
CREATE INDEX "store_page_versions_unmade_idx" ON "store_page_versions" USING btree ("store_id") WHERE "store_page_versions"."made_version" <> "store_page_versions"."version";