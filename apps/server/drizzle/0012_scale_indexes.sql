-- Indexes the scale bench (100,000 stores, 1,000,000 coupons) found missing: the lifecycle mail
-- scan reads coupons by a range of expiration dates, and the review queue filtered to approved
-- or declined stores pages and counts through its own partial index instead of the reviewed one.
CREATE INDEX "coupons_expiration_idx" ON "coupons" USING btree ("expiration_date") WHERE "coupons"."expiration_date" is not null;--> statement-breakpoint
CREATE INDEX "stores_review_approved_idx" ON "stores" USING btree ("queued_at","id") WHERE "stores"."is_approved";--> statement-breakpoint
CREATE INDEX "stores_review_declined_idx" ON "stores" USING btree ("queued_at","id") WHERE "stores"."declined" and not "stores"."is_approved";