import { storeKeyedCache } from '../core/store-cache';

/**
 * Per-instance copy of the queue's segment counts (pending, reviewed, ... under a search),
 * within a byte budget (core/store-cache.ts). A count is about no one store, so any
 * store_changed notification, and any write through this instance, forgets every count:
 * counting a segment of 100,000 stores reads its whole partial index, and staff ask for the
 * same first page again and again while the queue stands still.
 */
export function queueCountCache(budgetBytes: number) {
  const counts = storeKeyedCache<string, { n: number }>({ budgetBytes, storeOf: () => undefined });
  return {
    setEnabled: counts.setEnabled,
    clear: counts.clear,
    dropStore: counts.dropStore,
    stats: counts.stats,
    /** A segment's count under a search: held, or counted now by `read` (and held when no change came meanwhile). */
    async count(segment: string, search: string | undefined, read: () => Promise<number>): Promise<number> {
      const key = `${segment}\u0000${search ?? ''}`;
      const held = counts.lookup(key);
      if (held) return held.n;
      const ticket = counts.ticket();
      const n = await read();
      counts.fill(ticket, key, { n });
      return n;
    },
  };
}
export type QueueCountCache = ReturnType<typeof queueCountCache>;
