import type { StripeSubscription } from '@cc/contract';
import type { BillingRepository, SubscriptionRow } from './repository';
import type { BillingSummaryCache } from './summary-cache';
import { wireStatus } from './status';

const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/** An owner's latest transaction and their store's current subscription. */
export type OwnerBilling = { couponCenterTxn: { id: number } | null; subscription: StripeSubscription | null };

/** What billing adds to the merchant's store and /auth/me/ answers: reads only, no provider. */
export type BillingView = {
  subscriptionForStore: (storeId: number) => Promise<StripeSubscription | null>;
  /** The user's latest transaction and their store's current subscription, in one read. */
  ownerBilling: (userId: number) => Promise<OwnerBilling>;
};

/** A subscription as the wire shows it (unix seconds). */
export function subscriptionWire(row: SubscriptionRow): StripeSubscription {
  return {
    status: wireStatus(row.status),
    start_date: unix(row.startDate),
    canceled_at: row.canceledAt ? unix(row.canceledAt) : null,
    current_period_end: row.currentPeriodEnd ? unix(row.currentPeriodEnd) : null,
  };
}

/**
 * Billing's reads for the store and /auth/me/ answers, over billing's own tables: no provider.
 * The billing plugin builds it from its one repository; it is part of `app.billing`.
 * With `summaries`, the owner summaries are kept per instance until store_changed says
 * otherwise (summary-cache.ts).
 */
export function billingView(repo: BillingRepository, summaries?: BillingSummaryCache): BillingView {
  return {
    async subscriptionForStore(storeId) {
      const row = await repo.currentSubscription(storeId);
      return row ? subscriptionWire(row) : null;
    },
    /** What /auth/me/ shows of the owner's billing, read in one statement (or held). */
    async ownerBilling(userId) {
      const read = () => repo.ownerSummary(userId);
      const { txnId, subscription } = await (summaries ? summaries.summary(userId, read) : read());
      return {
        couponCenterTxn: txnId === null ? null : { id: txnId },
        subscription: subscription && {
          status: wireStatus(subscription.status),
          start_date: subscription.start,
          canceled_at: subscription.canceled,
          current_period_end: subscription.periodEnd,
        },
      };
    },
  };
}
