import type { Coupon } from '@cc/contract';
import { boundedCache } from './bounded-cache';
import { cacheGuard } from './store-changes';

export type OwnedStore = { storeId: number; slug: string };

/**
 * Per-instance copy of each merchant's coupon list (owner + include_scheduled + today ->
 * their store and its wire coupons), within a byte budget (least recently used lists go
 * first). It is only ever a copy, kept by watchStoreChanges (store-changes.ts): used while
 * this instance LISTENs on `store_changed`, a notification drops that store's lists, and a
 * lost listener clears and disables it until re-subscribed, so no entry outlives a change
 * this instance has been told of. Fills are ticketed (cacheGuard).
 */
export function couponListCache(budgetBytes: number) {
  const lists = boundedCache<string, { store: OwnedStore; items: Coupon[] }>({
    budgetBytes,
    groupOf: (entry) => entry.store.storeId,
  });
  const guard = cacheGuard(() => lists.clear());

  const listKey = (ownerId: number, includeScheduled: boolean, today: string) =>
    `${ownerId}:${includeScheduled ? 1 : 0}:${today}`;

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
    stats: lists.stats,
    /** Drops everything cached for one store. */
    dropStore(storeId: number): void {
      guard.moved();
      lists.deleteGroup(storeId);
    },
    /** The cached list for this owner, or undefined (cache off, or not cached). */
    lookup(ownerId: number, includeScheduled: boolean, today: string): { store: OwnedStore; items: Coupon[] } | undefined {
      if (guard.enabled) return lists.get(listKey(ownerId, includeScheduled, today));
      lists.count(false);
      return undefined;
    },
    /** Taken before the database read that a later `fill` stores. */
    ticket: guard.ticket,
    fill(ticket: number, ownerId: number, store: OwnedStore, includeScheduled: boolean, today: string, items: Coupon[]): void {
      if (guard.accepts(ticket)) lists.set(listKey(ownerId, includeScheduled, today), { store, items });
    },
  };
}
export type CouponListCache = ReturnType<typeof couponListCache>;
