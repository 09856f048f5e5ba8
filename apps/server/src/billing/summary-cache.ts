import { storeKeyedCache } from '../core/cache/store-cache';
import type { OwnerSummary } from './repository';

/**
 * Per-instance copy of each owner's billing summary (their store's latest transaction and
 * current subscription, what /auth/me/ shows), within a byte budget (core/cache/store-cache.ts):
 * looked up by owner, forgotten when store_changed names their store (a change to the store,
 * its subscriptions (0004) or its transactions (0013)); an owner without a store is forgotten
 * at any store's change.
 */
export function billingSummaryCache(budgetBytes: number) {
  const summaries = storeKeyedCache<number, OwnerSummary>({
    budgetBytes,
    storeOf: (summary) => summary.storeId ?? undefined,
  });
  return {
    setEnabled: summaries.setEnabled,
    clear: summaries.clear,
    dropStore: summaries.dropStore,
    stats: summaries.stats,
    /** The owner's summary: held, or read now by `read` (and held when no change came meanwhile). */
    async summary(ownerId: number, read: () => Promise<OwnerSummary>): Promise<OwnerSummary> {
      const held = summaries.lookup(ownerId);
      if (held) return held;
      const ticket = summaries.ticket();
      const summary = await read();
      summaries.fill(ticket, ownerId, summary);
      return summary;
    },
  };
}
export type BillingSummaryCache = ReturnType<typeof billingSummaryCache>;
