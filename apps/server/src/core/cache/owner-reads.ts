import { storeKeyedCache } from './store-cache';
import type { StoreCache } from '../data/store-changes';

type Held = { storeId: number; value: unknown };

/** How a feature reads an owner's answer: through the instance's copy (`ownerReadCache().read`). */
export type OwnerRead = <V>(storeId: number, what: string, read: () => Promise<V>) => Promise<V>;

/**
 * Per-instance copy of the small answers only a store's owner reads (their billing details,
 * cards, mail preferences and orders; Insights and the coupon stats), within a byte budget
 * (core/cache/store-cache.ts): looked up by store and what was read, forgotten when store_changed
 * names the store itself or its owner data (`d<id>`, `c<id>`, migration 0016), and emptied by
 * any write through this instance. Every answer is read the same way without it: a miss, or
 * the cache off, reads the database.
 */
export function ownerReadCache(budgetBytes: number) {
  const reads = storeKeyedCache<string, Held>({ budgetBytes, storeOf: (held) => held.storeId });
  return {
    setEnabled: reads.setEnabled,
    clear: reads.clear,
    dropStore: reads.dropStore,
    dropOwnerData: reads.dropStore,
    stats: reads.stats,
    /**
     * What `read` answers for the store, held under `what` (the read and anything it depends
     * on, such as a window or the day), or read now and held when no change came meanwhile.
     * Callers treat the answer as read-only: it is shared by every later hit.
     */
    read: async <V>(storeId: number, what: string, read: () => Promise<V>): Promise<V> => {
      const key = `${storeId}:${what}`;
      const held = reads.lookup(key);
      if (held) return held.value as V;
      const ticket = reads.ticket();
      const value = await read();
      reads.fill(ticket, key, { storeId, value });
      return value;
    },
  } satisfies StoreCache & Record<string, unknown>;
}
export type OwnerReadCache = ReturnType<typeof ownerReadCache>;
