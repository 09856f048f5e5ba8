CREATE TABLE "mail_events" (
	"event_key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_preferences" (
	"store_id" integer PRIMARY KEY NOT NULL,
	"expiring_coupons" boolean DEFAULT true NOT NULL,
	"expired_coupons" boolean DEFAULT true NOT NULL,
	"weekly_summary" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "mail_preferences" ADD CONSTRAINT "mail_preferences_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;