import type { ClientId } from '@cc/config';
import type { SyncedSubscription } from '../billing/types';
import { isoDate, type Clock } from '../core/platform/clock';
import type { Db, Executor } from '../core/data/db';
import type { OutboxService } from '../mail/service';
import { paymentFailedMail, paymentReceiptMail, subscriptionCanceledMail } from './billing-mails';
import { lifecycleMailRepository } from './repository';

const UNPAID = new Set(['past_due', 'unpaid']);

/**
 * The billing mails, queued in the transaction of billing's sync (the one writer of
 * subscription state, for local renewals and Stripe webhooks alike; app.billing.onSynced):
 * a receipt per new transaction, a notice when the subscription falls past due,
 * and one when it is cancelled (not when a reactivation replaced it). Each has an
 * event key, so syncs racing on several instances mail it once.
 */
export function billingNotices(deps: {
  db: Db;
  clock: Clock;
  brandOrigins: Record<ClientId, string>;
  /** The outbox the mails are queued in, in the sync's transaction. */
  outbox: Pick<OutboxService, 'enqueue'>;
  /** Billing's answer: another of the store's subscriptions than this one is paid up (a reactivation replaced it). */
  paidUpElsewhere: (storeId: number, subscriptionId: string, tx: Executor) => Promise<boolean>;
  /** Billing's answer: the number of the charge's invoice, issued earlier in the same transaction. */
  invoiceNumberOf: (transactionId: number, tx: Executor) => Promise<string | undefined>;
}) {
  const repo = lifecycleMailRepository(deps.db);
  const { outbox } = deps;

  return {
    async afterSync(event: SyncedSubscription, tx: Executor): Promise<void> {
      const now = deps.clock.now();
      const owner = await repo.storeOwner(event.storeId, tx);
      if (!owner) return;
      const { client } = owner;
      const origin = deps.brandOrigins[client];
      const base = { client, to: owner.email, origin, storeName: owner.storeName };
      const queue = async (key: string, mail: Parameters<typeof outbox.enqueue>[0]) => {
        if (await repo.claim(key, now, tx)) await outbox.enqueue(mail, now, tx);
      };

      for (const row of event.transactions) {
        // The receipt page the Order History links to (billing/orders.ts): the provider's own, else ours.
        const receiptUrl =
          row.providerReceiptUrl ?? `${origin}/checkout/receipts/${row.receiptToken}`;
        const mail = paymentReceiptMail({
          ...base,
          amount: row.amount,
          currency: row.currency,
          paidDay: isoDate(row.paidAt),
          orderId: row.id,
          receiptUrl,
          invoiceNumber: await deps.invoiceNumberOf(row.id, tx),
        });
        await queue(`payment_receipt:${row.provider}:${row.providerInvoiceId}`, mail);
      }
      const before = event.statusBefore;
      if (UNPAID.has(event.status) && !(before && UNPAID.has(before))) {
        await queue(
          `payment_failed:${event.provider}:${event.subscriptionId}:${event.periodEnd ?? ''}`,
          paymentFailedMail(base),
        );
      }
      if (event.status === 'canceled' && before !== undefined && before !== 'canceled') {
        // A reactivation replaced it: another of the store's subscriptions is paid up.
        if (await deps.paidUpElsewhere(event.storeId, event.subscriptionId, tx)) return;
        await queue(
          `subscription_canceled:${event.provider}:${event.subscriptionId}`,
          subscriptionCanceledMail(base),
        );
      }
    },
  };
}
export type BillingNotices = ReturnType<typeof billingNotices>;
