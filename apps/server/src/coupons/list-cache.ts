import type { Coupon } from '@cc/contract';
import { storeKeyedCache } from '../core/cache/store-cache';

export type OwnedStore = { storeId: number; slug: string };

type CouponList = { store: OwnedStore; items: Coupon[] };

/**
 * Per-instance copy of each merchant's coupon list (owner + include_scheduled + today ->
 * their store and its wire coupons), within a byte budget (core/cache/store-cache.ts): a
 * store_changed notification drops that store's lists, and a lost listener clears and
 * disables it until re-subscribed, so no entry outlives a change this instance has been told of.
 */
export function couponListCache(budgetBytes: number) {
  const lists = storeKeyedCache<string, CouponList>({
    budgetBytes,
    storeOf: (entry) => entry.store.storeId,
  });
  const listKey = (ownerId: number, includeScheduled: boolean, today: string) =>
    `${ownerId}:${includeScheduled ? 1 : 0}:${today}`;

  return {
    get enabled(): boolean {
      return lists.enabled;
    },
    /** How many lists are held (for tests and diagnostics). */
    get size(): number {
      return lists.size;
    },
    setEnabled: lists.setEnabled,
    clear: lists.clear,
    dropStore: lists.dropStore,
    stats: lists.stats,
    ticket: lists.ticket,
    /** The cached list for this owner, or undefined (cache off, or not cached). */
    lookup: (ownerId: number, includeScheduled: boolean, today: string): CouponList | undefined =>
      lists.lookup(listKey(ownerId, includeScheduled, today)),
    fill(
      ticket: number,
      ownerId: number,
      store: OwnedStore,
      includeScheduled: boolean,
      today: string,
      items: Coupon[],
    ): void {
      lists.fill(ticket, listKey(ownerId, includeScheduled, today), { store, items });
    },
  };
}
export type CouponListCache = ReturnType<typeof couponListCache>;
