CREATE TABLE "coupon_feedback" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"coupon_id" integer NOT NULL,
	"day" date NOT NULL,
	"worked" boolean NOT NULL,
	"answered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coupon_feedback" ADD CONSTRAINT "coupon_feedback_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_feedback_coupon_day_idx" ON "coupon_feedback" USING btree ("coupon_id","day","id");