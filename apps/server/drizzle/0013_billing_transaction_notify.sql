-- /auth/me/ shows the owner's latest transaction, and each instance keeps that summary until
-- 'store_changed' names the store, so a payment recorded (or removed) also announces its store
-- id (delivered at commit). 0004's function reads only "store_id", which transactions have too.
CREATE TRIGGER "billing_transactions_notify" AFTER INSERT OR UPDATE OR DELETE ON "billing_transactions"
	FOR EACH ROW EXECUTE FUNCTION "notify_store_subscription_changed"();
