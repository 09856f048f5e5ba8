-- The review queue pages by (queued_at, id) instead of computing each store's place from
-- review_actions on every request. queued_at is when the store entered the queue: its
-- creation, or the merchant's last resubmission after a decline. Backfilled from the same
-- data the queue used to compute it from, then required (the app writes it from its clock).
ALTER TABLE "stores" ADD COLUMN "queued_at" timestamp with time zone;--> statement-breakpoint
UPDATE "stores" SET "queued_at" = coalesce(
	(SELECT max("review_actions"."created_at") FROM "review_actions"
		WHERE "review_actions"."store_id" = "stores"."id" AND "review_actions"."action" = 'resubmit'),
	"stores"."created_at");--> statement-breakpoint
ALTER TABLE "stores" ALTER COLUMN "queued_at" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "stores_review_pending_idx" ON "stores" USING btree ("queued_at","id") WHERE not "stores"."is_approved" and not "stores"."declined";--> statement-breakpoint
CREATE INDEX "stores_review_reviewed_idx" ON "stores" USING btree ("queued_at","id") WHERE "stores"."is_approved" or "stores"."declined";--> statement-breakpoint
CREATE INDEX "stores_slug_prefix_idx" ON "stores" USING btree ("slug" text_pattern_ops);
