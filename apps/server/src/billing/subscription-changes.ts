import { ACCOUNT_MESSAGES, MESSAGES, type StripeSubscription } from '@cc/contract';
import type { Clock } from '../core/platform/clock';
import type { Caller } from '../core/data/deps';
import { NotFound, ValidationFailed } from '../core/http/errors';
import { isHealthy, isLive, type BillingProvider } from './provider';
import type { BillingRepository, SubscriptionRow } from './repository';
import type { BillingStores } from './types';
import type { BillingSync } from './sync';
import { subscriptionWire } from './view';

/** A cancellation that waits for the period's end, asked for before that end. */
export function isEndingLater(row: SubscriptionRow, now: Date): boolean {
  return (
    row.cancelAtPeriodEnd &&
    isLive(row.status) &&
    row.currentPeriodEnd !== null &&
    row.currentPeriodEnd > now
  );
}

/**
 * Paid up now: healthy, and not a cancellation whose period is already over (the provider
 * ends it shortly; a new payment may replace it meanwhile).
 */
export function isPaidUp(row: SubscriptionRow, now: Date): boolean {
  if (!isHealthy(row.status)) return false;
  return !row.cancelAtPeriodEnd || (row.currentPeriodEnd !== null && row.currentPeriodEnd > now);
}

/**
 * POST /stripe-update-subscription/: `canceled` ends the subscription at the end of the
 * paid period (the page stays live until then); one that is not paid up (past_due,
 * unpaid, incomplete) ends at once, as there is no paid period to keep. `active` resumes
 * a cancellation before its period ends: the same subscription, nothing charged.
 * The provider is told, then the sync records what it reports.
 */
export function billingSubscriptionChanges(deps: {
  stores: BillingStores;
  repo: BillingRepository;
  provider: BillingProvider;
  sync: BillingSync;
  clock: Clock;
}) {
  const { stores, repo, provider, sync, clock } = deps;

  async function answer(storeId: number): Promise<StripeSubscription> {
    const current = await repo.currentSubscription(storeId);
    if (!current) throw new NotFound();
    return subscriptionWire(current);
  }

  async function cancel(caller: Caller): Promise<StripeSubscription> {
    const store = await stores.ownStore(caller);
    for (const live of await repo.liveSubscriptions(store.id)) {
      const id = live.providerSubscriptionId;
      if (isPaidUp(live, clock.now())) {
        if (!live.cancelAtPeriodEnd) await provider.cancelAtPeriodEnd(id);
      } else {
        await provider.cancelSubscription(id);
      }
      await sync.syncSubscription(id, store.id);
    }
    return answer(store.id);
  }

  async function resume(caller: Caller): Promise<StripeSubscription> {
    const store = await stores.ownStore(caller);
    const current = await repo.currentSubscription(store.id);
    if (!current || !isEndingLater(current, clock.now())) {
      throw ValidationFailed.field('status', ACCOUNT_MESSAGES.nothingToResume);
    }
    await provider.resume(current.providerSubscriptionId);
    await sync.syncSubscription(current.providerSubscriptionId, store.id);
    const after = await repo.currentSubscription(store.id);
    // The provider had ended it meanwhile (the period ran out between the read and the call).
    if (!after || after.cancelAtPeriodEnd || !isLive(after.status)) {
      throw ValidationFailed.field('status', ACCOUNT_MESSAGES.nothingToResume);
    }
    return subscriptionWire(after);
  }

  return {
    /** `canceled` (at the period's end) or `active` (resume); anything else is a 400. */
    async updateSubscription(caller: Caller, status: string): Promise<StripeSubscription> {
      if (status === 'canceled') return cancel(caller);
      if (status === 'active') return resume(caller);
      throw ValidationFailed.field('status', MESSAGES.invalidSubscriptionStatus);
    },
  };
}
