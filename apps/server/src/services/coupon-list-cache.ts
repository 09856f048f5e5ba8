import type { Coupon } from '@cc/contract';
import { cacheGuard, type CacheStats } from './store-changes';

const MAX_ENTRIES = 10_000;

export type OwnedStore = { storeId: number; slug: string };

/**
 * Per-instance copy of each merchant's coupon list (owner -> store, and store +
 * include_scheduled + today -> wire coupons). It is only ever a copy, kept by
 * watchStoreChanges (store-changes.ts): used while this instance LISTENs on
 * `store_changed`, a notification drops that store's entries, and a lost
 * listener clears and disables it until re-subscribed, so no entry outlives a
 * change this instance has been told of.
 * Fills are ticketed (cacheGuard).
 */
export function couponListCache() {
  const owners = new Map<number, OwnedStore>();
  const lists = new Map<string, { storeId: number; items: Coupon[] }>();
  const counts = { hits: 0, misses: 0 };
  const guard = cacheGuard(() => {
    owners.clear();
    lists.clear();
  });

  const listKey = (storeId: number, includeScheduled: boolean, today: string) =>
    `${storeId}:${includeScheduled ? 1 : 0}:${today}`;

  return {
    get enabled(): boolean {
      return guard.enabled;
    },
    /** Turned on when the listener is subscribed, off (and emptied) when it is lost or stopped. */
    setEnabled: guard.setEnabled,
    clear: guard.clear,
    /** How many lists are held (for tests and diagnostics). */
    get size(): number {
      return lists.size;
    },
    stats: (): CacheStats => ({ ...counts, entries: lists.size }),
    /** Drops everything cached for one store (its lists and every owner pointing at it). */
    dropStore(storeId: number): void {
      guard.moved();
      for (const [key, entry] of lists) if (entry.storeId === storeId) lists.delete(key);
      for (const [owner, owned] of owners) if (owned.storeId === storeId) owners.delete(owner);
    },
    /** The cached list for this owner, or undefined (cache off, or not cached). */
    lookup(ownerId: number, includeScheduled: boolean, today: string): { store: OwnedStore; items: Coupon[] } | undefined {
      const store = guard.enabled ? owners.get(ownerId) : undefined;
      const entry = store && lists.get(listKey(store.storeId, includeScheduled, today));
      counts[entry ? 'hits' : 'misses'] += 1;
      return store && entry ? { store, items: entry.items } : undefined;
    },
    /** Taken before the database read that a later `fill` stores. */
    ticket: guard.ticket,
    fill(ticket: number, ownerId: number, store: OwnedStore, includeScheduled: boolean, today: string, items: Coupon[]): void {
      if (!guard.accepts(ticket)) return;
      if (lists.size >= MAX_ENTRIES || owners.size >= MAX_ENTRIES) guard.clear();
      owners.set(ownerId, store);
      lists.set(listKey(store.storeId, includeScheduled, today), { storeId: store.storeId, items });
    },
  };
}
export type CouponListCache = ReturnType<typeof couponListCache>;
