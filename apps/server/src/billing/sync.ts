import type { Clock } from '../core/platform/clock';
import type { Db } from '../core/data/db';
import { randomToken } from '../core/platform/secrets';
import { isLive, type BillingProvider } from './provider';
import type { BillingRepository, TransactionRow } from './repository';
import type { SyncListener } from './types';

const fromUnix = (seconds: number) => new Date(seconds * 1000);

/**
 * The one writer of subscription state. Given a subscription id it re-reads
 * the subscription, its invoices and the customer's cards from the provider
 * (never from an event payload), then stores them in one transaction. Running
 * it again, or for events in any order, converges on the provider's truth.
 * Provider calls happen before and after the transaction, never inside it.
 */
export function billingSync(deps: {
  db: Db;
  repo: BillingRepository;
  provider: BillingProvider;
  clock: Clock;
  /** Told once a sync has committed, with its store (core/data/store-changes.ts `changed`). */
  committed?: (storeId: number) => void;
}) {
  const { db, repo, provider, clock } = deps;
  /** What other features do in the sync's transaction (the billing mails: lifecycle-mail). */
  const listeners: SyncListener[] = [];
  const kind = provider.kind;

  async function storeFor(subscriptionId: string, customerId: string, hint: number | undefined) {
    return (
      (await repo.storeOfSubscription(kind, subscriptionId)) ??
      (await repo.storeOfCustomer(kind, customerId)) ??
      hint
    );
  }

  /**
   * Syncs one subscription. `storeHint` is the store a checkout named
   * (client_reference_id); a subscription we already know keeps its store.
   * Answers the store id, or undefined while the subscription cannot be
   * matched to a store yet (its checkout event will sync it).
   */
  async function syncSubscription(
    subscriptionId: string,
    storeHint?: number,
  ): Promise<number | undefined> {
    // When this read started: a slower sync that read earlier never overwrites a newer read.
    const readAt = clock.now();
    const subscription = await provider.retrieveSubscription(subscriptionId);
    if (!subscription) return undefined;
    const storeId = await storeFor(subscription.id, subscription.customerId, storeHint);
    if (storeId === undefined) return undefined;
    const [invoices, methods] = await Promise.all([
      provider.listInvoices(subscription.id),
      provider.listPaymentMethods(subscription.customerId),
    ]);
    await db.transaction(async (tx) => {
      const savedAt = clock.now();
      const statusBefore =
        listeners.length > 0 ? await repo.subscriptionStatus(kind, subscription.id, tx) : undefined;
      const recorded: TransactionRow[] = [];
      await repo.saveCustomer(
        {
          storeId,
          provider: kind,
          providerCustomerId: subscription.customerId,
          createdAt: savedAt,
        },
        tx,
      );
      await repo.saveSubscription(
        {
          storeId,
          provider: kind,
          providerSubscriptionId: subscription.id,
          providerCustomerId: subscription.customerId,
          status: subscription.status,
          startDate: fromUnix(subscription.startDate),
          currentPeriodEnd:
            subscription.currentPeriodEnd === null ? null : fromUnix(subscription.currentPeriodEnd),
          canceledAt: subscription.canceledAt === null ? null : fromUnix(subscription.canceledAt),
          cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
          syncedAt: readAt,
        },
        tx,
      );
      for (const invoice of invoices) {
        if (!invoice.paid) continue;
        const row = await repo.saveTransaction(
          {
            storeId,
            provider: kind,
            providerInvoiceId: invoice.id,
            providerSubscriptionId: subscription.id,
            amount: invoice.amountPaid,
            currency: invoice.currency.toLowerCase(),
            paidAt: fromUnix(invoice.paidAt),
            receiptToken: randomToken(),
            providerReceiptUrl: invoice.receiptUrl,
            createdAt: savedAt,
          },
          tx,
        );
        if (row) recorded.push(row);
      }
      await repo.replacePaymentMethods(
        {
          storeId,
          provider: kind,
          customerId: subscription.customerId,
          methods: methods.map((method) => ({
            storeId,
            provider: kind,
            providerPaymentMethodId: method.id,
            providerCustomerId: method.customerId,
            brand: method.brand,
            last4: method.last4,
            expMonth: method.expMonth,
            expYear: method.expYear,
            isDefault: method.isDefault,
            addedAt: fromUnix(method.created),
          })),
        },
        tx,
      );
      if (listeners.length > 0) {
        // The status saved, not the one read: an older read than the last saved one changes nothing.
        const status =
          (await repo.subscriptionStatus(kind, subscription.id, tx)) ?? subscription.status;
        const synced = {
          storeId,
          provider: kind,
          subscriptionId: subscription.id,
          statusBefore,
          status,
        };
        for (const listener of listeners) {
          await listener(
            { ...synced, periodEnd: subscription.currentPeriodEnd, transactions: recorded },
            tx,
          );
        }
      }
    });
    // The call that synced may answer from this instance's copies next (the legacy card calls do).
    deps.committed?.(storeId);

    // Never two live subscriptions: an older live one is canceled at the provider.
    if (isLive(subscription.status)) {
      for (const other of await repo.liveSubscriptions(storeId)) {
        if (other.providerSubscriptionId === subscription.id) continue;
        if (other.startDate.getTime() > subscription.startDate * 1000) continue;
        await provider.cancelSubscription(other.providerSubscriptionId);
        await syncSubscription(other.providerSubscriptionId, storeId);
      }
    }
    return storeId;
  }

  return {
    syncSubscription,
    /** Adds work to every later sync's transaction. */
    onSynced: (listener: SyncListener): void => {
      listeners.push(listener);
    },
  };
}
export type BillingSync = ReturnType<typeof billingSync>;
