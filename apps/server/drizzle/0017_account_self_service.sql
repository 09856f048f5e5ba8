CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"client" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"client" integer NOT NULL,
	"number" integer NOT NULL,
	"reference" text NOT NULL,
	"transaction_id" integer,
	"store_id" integer,
	"issued_at" timestamp with time zone NOT NULL,
	"currency" text NOT NULL,
	"net" integer NOT NULL,
	"vat" integer NOT NULL,
	"gross" integer NOT NULL,
	"vat_rate_bp" integer NOT NULL,
	"description" text NOT NULL,
	"supplier" jsonb NOT NULL,
	"customer" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_tokens" ADD COLUMN "email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "verification_mail_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD COLUMN "cancel_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_transaction_id_billing_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."billing_transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_client_number_key" ON "invoices" USING btree ("client","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_transaction_key" ON "invoices" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "invoices_store_idx" ON "invoices" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "email_tokens_user_idx" ON "email_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
-- Every refresh-token family already issued becomes a session, so no one is signed out by
-- the upgrade: started at its first token, last used at its latest, revoked when every token is.
INSERT INTO "sessions" ("id", "user_id", "user_agent", "last_used_at", "revoked_at", "created_at")
	SELECT "family_id", min("user_id"), '', max("created_at"),
		CASE WHEN bool_and("revoked_at" IS NOT NULL) THEN max("revoked_at") END, min("created_at")
	FROM "refresh_tokens" GROUP BY "family_id";
--> statement-breakpoint
-- A session ended (or its user's sessions deleted) must be refused at once on every instance:
-- each one holds the sessions it has checked until 'store_changed' names their user.
CREATE OR REPLACE FUNCTION "notify_session_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		RETURN NULL;
	END IF;
	PERFORM pg_notify('store_changed', 'u' || OLD."user_id"::text);
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_notify" AFTER UPDATE OF "revoked_at" OR DELETE ON "sessions"
	FOR EACH ROW EXECUTE FUNCTION "notify_session_changed"();
