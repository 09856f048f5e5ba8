import type { BillingProvider } from './provider';
import type { BillingRepository } from './repository';
import type { BillingSync } from './sync';

/**
 * Ending a store's service at once, for the deletion of its owner's account: unlike the
 * merchant's "Cancel Subscription" (at the end of the paid period), every live subscription
 * of the store is cancelled at the processor now. Provider calls only, never inside a
 * database transaction.
 */
export function immediateCancellation(deps: {
  repo: Pick<BillingRepository, 'liveSubscriptions'>;
  provider: Pick<BillingProvider, 'cancelSubscription'>;
  sync: Pick<BillingSync, 'syncSubscription'>;
}) {
  return {
    /**
     * Cancels every live subscription of the store at the processor and answers their ids.
     * Nothing is recorded here: the caller deletes the store and its billing rows next, so
     * recording would only queue a "subscription ended" mail to an account about to go.
     */
    async cancelNow(storeId: number): Promise<string[]> {
      const ids = (await deps.repo.liveSubscriptions(storeId)).map(
        (row) => row.providerSubscriptionId,
      );
      for (const id of ids) await deps.provider.cancelSubscription(id);
      return ids;
    },

    /** Records what the processor now says of these subscriptions (when the store was kept after all). */
    async recordCancelled(storeId: number, ids: readonly string[]): Promise<void> {
      for (const id of ids) await deps.sync.syncSubscription(id, storeId);
    },
  };
}
export type ImmediateCancellation = ReturnType<typeof immediateCancellation>;
