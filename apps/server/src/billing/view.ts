import type { StripeSubscription } from '@cc/contract';
import { isLive } from './provider';
import type { BillingRepository, OwnerSubscription, SubscriptionRow } from './repository';
import type { BillingSummaryCache } from './summary-cache';
import { wireStatus } from './status';

const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/** An owner's latest transaction and their store's current subscription. */
export type OwnerBilling = {
  couponCenterTxn: { id: number } | null;
  subscription: StripeSubscription | null;
};

/** What billing adds to the merchant's store and /auth/me/ answers: reads only, no provider. */
export type BillingView = {
  subscriptionForStore: (storeId: number) => Promise<StripeSubscription | null>;
  /** The user's latest transaction and their store's current subscription, in one read. */
  ownerBilling: (userId: number) => Promise<OwnerBilling>;
};

/**
 * The one encoder of a subscription for the wire (unix seconds). A cancellation waiting
 * for the period's end reads as canceled (the merchant's choice, with canceled_at the
 * day they made it), with cancel_at_period_end true and current_period_end the day the
 * page stays live until; resuming before then turns it back to the provider's status.
 */
function toWire(sub: OwnerSubscription): StripeSubscription {
  const ending = sub.cancelAtPeriodEnd && isLive(sub.status);
  return {
    status: ending ? 'canceled' : wireStatus(sub.status),
    start_date: sub.start,
    canceled_at: sub.canceled,
    current_period_end: sub.periodEnd,
    cancel_at_period_end: ending,
  };
}

/** A subscription row as the wire shows it. */
export function subscriptionWire(row: SubscriptionRow): StripeSubscription {
  return toWire({
    status: row.status,
    start: unix(row.startDate),
    canceled: row.canceledAt ? unix(row.canceledAt) : null,
    periodEnd: row.currentPeriodEnd ? unix(row.currentPeriodEnd) : null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  });
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
        subscription:
          subscription &&
          toWire({ ...subscription, cancelAtPeriodEnd: subscription.cancelAtPeriodEnd === true }),
      };
    },
  };
}
