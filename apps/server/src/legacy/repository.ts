import { and, asc, count, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../core/db';
import { coupons } from '../coupons/schema';
import { stores } from '../stores/schema';
import { couponColumns, storeColumns } from '../coupons/schema';
import type { CouponWithStore } from '../coupons/types';
import type { StoreRow } from '../stores/types';
import { subscriptionSummary } from '../billing/schema';
import { currentOn } from '../coupons/schema';
import { couponDailyStats } from '../public-pages/schema';

/** A store with its current subscription (`status|periodEndSeconds`, as the store pages read it). */
export type StoreWithSubscription = { store: StoreRow; subscription: string | null };
/** What the merchant lists order, filter and page by: a store's id, name, approval and subscription. */
export type StoreName = {
  id: number;
  name: string;
  isApproved: boolean;
  subscription: string | null;
};

const couponWithStore = { coupon: couponColumns, store: storeColumns };

/** The catalogue's reads over stores, coupons, subscriptions and the page counters. */
export function legacyRepository(db: Executor) {
  async function storesWhere(where: SQL | undefined): Promise<StoreWithSubscription[]> {
    return db
      .select({ store: stores, subscription: subscriptionSummary })
      .from(stores)
      .where(where);
  }

  return {
    /** A brand's approved stores: the candidates of every public list (liveness is decided per request). */
    approvedStores: (client: number) =>
      storesWhere(and(eq(stores.client, client), eq(stores.isApproved, true))),

    /** A brand's approved stores, only the columns the merchant lists page by (not the whole catalogue). */
    approvedNames: (client: number): Promise<StoreName[]> =>
      db
        .select({
          id: stores.id,
          name: stores.name,
          isApproved: stores.isApproved,
          subscription: subscriptionSummary,
        })
        .from(stores)
        .where(and(eq(stores.client, client), eq(stores.isApproved, true))),

    /** Stores by id (a page of a merchant list), in no particular order. */
    storesByIds: (ids: number[]): Promise<StoreWithSubscription[]> =>
      ids.length === 0 ? Promise.resolve([]) : storesWhere(inArray(stores.id, ids)),

    /** How many coupons shoppers see on `day` in each of these stores; stores without any are left out. */
    async currentCouponCounts(storeIds: number[], day: string): Promise<Map<number, number>> {
      if (storeIds.length === 0) return new Map();
      const rows = await db
        .select({ storeId: coupons.storeId, n: count() })
        .from(coupons)
        .where(and(inArray(coupons.storeId, storeIds), currentOn(day)))
        .groupBy(coupons.storeId);
      return new Map(rows.map((row) => [row.storeId, row.n]));
    },

    async storeById(id: number): Promise<StoreWithSubscription | undefined> {
      const [row] = await storesWhere(eq(stores.id, id));
      return row;
    },

    /**
     * The coupons shoppers see on `day` in a brand's approved stores (or in one store),
     * in each merchant's order.
     */
    async currentCoupons(
      of: { client: number } | { storeId: number },
      day: string,
    ): Promise<CouponWithStore[]> {
      const owner =
        'storeId' in of
          ? eq(coupons.storeId, of.storeId)
          : and(eq(stores.client, of.client), eq(stores.isApproved, true));
      return db
        .select(couponWithStore)
        .from(coupons)
        .innerJoin(stores, eq(stores.id, coupons.storeId))
        .where(and(owner, currentOn(day)))
        .orderBy(asc(coupons.storeId), asc(coupons.sortNumber), asc(coupons.id));
    },

    async couponById(id: number): Promise<CouponWithStore | undefined> {
      const [row] = await db
        .select(couponWithStore)
        .from(coupons)
        .innerJoin(stores, eq(stores.id, coupons.storeId))
        .where(eq(coupons.id, id));
      return row;
    },

    /** Page views of the coupons of each of a brand's stores between two days (inclusive); stores without any are left out. */
    async viewsByStore(client: number, from: string, to: string): Promise<Map<number, number>> {
      const rows = await db
        .select({
          storeId: coupons.storeId,
          views: sql<number>`sum(${couponDailyStats.views})`.mapWith(Number),
        })
        .from(couponDailyStats)
        .innerJoin(coupons, eq(coupons.id, couponDailyStats.couponId))
        .innerJoin(stores, eq(stores.id, coupons.storeId))
        .where(
          and(
            eq(stores.client, client),
            gte(couponDailyStats.day, from),
            lte(couponDailyStats.day, to),
          ),
        )
        .groupBy(coupons.storeId);
      return new Map(rows.map((row) => [row.storeId, row.views]));
    },
  };
}
export type LegacyRepository = ReturnType<typeof legacyRepository>;
