import type { ReviewQueueEntry } from '@cc/contract';
import { storeKeyedCache } from '../core/cache/store-cache';

/** A page of the queue as the service answers it (next and previous as opaque cursors), with the count under its filter. */
export type HeldQueuePage = {
  count: number;
  results: ReviewQueueEntry[];
  next: string | null;
  previous: string | null;
};

type Held = { count: number } | { page: HeldQueuePage };

/**
 * Per-instance copy of the review queue: each segment's count under a search, and each page
 * asked for (filter, search, cursor, size), within a byte budget (core/cache/store-cache.ts). Neither
 * is about one store, so any store_changed notification, any user's (a page shows owners'
 * emails) and any write through this instance forget all of it. Staff ask for the same first
 * page again and again while the queue stands still (the console reads it every 30 s), and
 * counting a segment of 100,000 stores reads its whole partial index.
 */
export function reviewQueueCache(budgetBytes: number) {
  const held = storeKeyedCache<string, Held>({ budgetBytes, storeOf: () => undefined });

  async function through<T>(
    key: string,
    unwrap: (value: Held) => T | undefined,
    wrap: (value: T) => Held,
    read: () => Promise<T>,
  ): Promise<T> {
    const found = held.lookup(key);
    const value = found && unwrap(found);
    if (value !== undefined) return value;
    const ticket = held.ticket();
    const fresh = await read();
    held.fill(ticket, key, wrap(fresh));
    return fresh;
  }

  return {
    setEnabled: held.setEnabled,
    clear: held.clear,
    dropStore: held.dropStore,
    dropUser: (_userId: number): void => held.clear(),
    stats: held.stats,
    /** A segment's count under a search: held, or counted now by `read`. */
    count: (
      segment: string,
      search: string | undefined,
      read: () => Promise<number>,
    ): Promise<number> =>
      through(
        `count\u0000${segment}\u0000${search ?? ''}`,
        (value) => ('count' in value ? value.count : undefined),
        (count) => ({ count }),
        read,
      ),
    /** A page under its query (a JSON key of filter, search, cursor and size): held, or read now by `read`. */
    page: (query: string, read: () => Promise<HeldQueuePage>): Promise<HeldQueuePage> =>
      through(
        `page\u0000${query}`,
        (value) => ('page' in value ? value.page : undefined),
        (page) => ({ page }),
        read,
      ),
  };
}
export type ReviewQueueCache = ReturnType<typeof reviewQueueCache>;
