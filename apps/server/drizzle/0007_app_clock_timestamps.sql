-- One clock: every timestamp the server writes comes from the app's clock (src/clock.ts),
-- passed with the insert. No column takes its time from the database any more, so an
-- insert that forgets one fails instead of quietly using the database server's time.
ALTER TABLE "billing_checkout_sessions" ALTER COLUMN "created_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "billing_customers" ALTER COLUMN "created_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ALTER COLUMN "synced_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "billing_transactions" ALTER COLUMN "created_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "billing_webhook_events" ALTER COLUMN "received_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "local_billing_objects" ALTER COLUMN "created_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "coupons" ALTER COLUMN "created_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "email_tokens" ALTER COLUMN "created_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "images" ALTER COLUMN "created_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "outbox" ALTER COLUMN "next_attempt_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "outbox" ALTER COLUMN "created_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ALTER COLUMN "created_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "stores" ALTER COLUMN "created_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "created_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "review_actions" ALTER COLUMN "created_at" DROP DEFAULT;
