CREATE TABLE "coupon_visitors" (
	"day" date NOT NULL,
	"coupon_id" integer NOT NULL,
	"kind" text NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "coupon_visitors_day_coupon_id_kind_visitor_pk" PRIMARY KEY("day","coupon_id","kind","visitor")
);
--> statement-breakpoint
CREATE TABLE "visitor_day_keys" (
	"day" date PRIMARY KEY NOT NULL,
	"key" text NOT NULL
);
