import type { ClientId } from '@cc/config';
import { and, asc, count, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../core/data/db';
import { storeSubscriptionSummary } from '../billing/read-model';
import { couponDirectory, couponFields, couponStoreFields, currentOn } from '../coupons/read-model';
import type { CouponWithStore } from '../coupons/types';
import { countedCoupon, couponDayCounts } from '../public-pages/read-model';
import { storeDirectory, storeFields } from '../stores/read-model';
import type { StoreRow } from '../stores/types';

/** A store with its current subscription (`status|periodEndSeconds`, as the store pages read it). */
export type StoreWithSubscription = { store: StoreRow; subscription: string | null };
/** What the merchant lists order, filter and page by: a store's id, name, approval and subscription. */
export type StoreName = {
  id: number;
  name: string;
  isApproved: boolean;
  subscription: string | null;
};

const couponWithStore = { coupon: couponFields, store: couponStoreFields };

/** The catalogue's reads over stores, coupons, subscriptions and the page counters. */
export function legacyRepository(db: Executor) {
  async function storesWhere(where: SQL | undefined): Promise<StoreWithSubscription[]> {
    return db
      .select({ store: storeFields, subscription: storeSubscriptionSummary })
      .from(storeDirectory)
      .where(where);
  }

  return {
    /** A brand's approved stores: the candidates of every public list (liveness is decided per request). */
    approvedStores: (client: ClientId) =>
      storesWhere(and(eq(storeDirectory.client, client), eq(storeDirectory.isApproved, true))),

    /** A brand's approved stores, only the columns the merchant lists page by (not the whole catalogue). */
    approvedNames: (client: ClientId): Promise<StoreName[]> =>
      db
        .select({
          id: storeDirectory.id,
          name: storeDirectory.name,
          isApproved: storeDirectory.isApproved,
          subscription: storeSubscriptionSummary,
        })
        .from(storeDirectory)
        .where(and(eq(storeDirectory.client, client), eq(storeDirectory.isApproved, true))),

    /** Stores by id (a page of a merchant list), in no particular order. */
    storesByIds: (ids: number[]): Promise<StoreWithSubscription[]> =>
      ids.length === 0 ? Promise.resolve([]) : storesWhere(inArray(storeDirectory.id, ids)),

    /** How many coupons shoppers see on `day` in each of these stores; stores without any are left out. */
    async currentCouponCounts(storeIds: number[], day: string): Promise<Map<number, number>> {
      if (storeIds.length === 0) return new Map();
      const rows = await db
        .select({ storeId: couponDirectory.storeId, n: count() })
        .from(couponDirectory)
        .where(and(inArray(couponDirectory.storeId, storeIds), currentOn(day)))
        .groupBy(couponDirectory.storeId);
      return new Map(rows.map((row) => [row.storeId, row.n]));
    },

    async storeById(id: number): Promise<StoreWithSubscription | undefined> {
      const [row] = await storesWhere(eq(storeDirectory.id, id));
      return row;
    },

    /**
     * The coupons shoppers see on `day` in a brand's approved stores (or in one store),
     * in each merchant's order.
     */
    async currentCoupons(
      of: { client: ClientId } | { storeId: number },
      day: string,
    ): Promise<CouponWithStore[]> {
      const owner =
        'storeId' in of
          ? eq(couponDirectory.storeId, of.storeId)
          : and(eq(storeDirectory.client, of.client), eq(storeDirectory.isApproved, true));
      return db
        .select(couponWithStore)
        .from(couponDirectory)
        .innerJoin(storeDirectory, eq(storeDirectory.id, couponDirectory.storeId))
        .where(and(owner, currentOn(day)))
        .orderBy(
          asc(couponDirectory.storeId),
          asc(couponDirectory.sortNumber),
          asc(couponDirectory.id),
        );
    },

    async couponById(id: number): Promise<CouponWithStore | undefined> {
      const [row] = await db
        .select(couponWithStore)
        .from(couponDirectory)
        .innerJoin(storeDirectory, eq(storeDirectory.id, couponDirectory.storeId))
        .where(eq(couponDirectory.id, id));
      return row;
    },

    /** Page views of the coupons of each of a brand's stores between two days (inclusive); stores without any are left out. */
    async viewsByStore(client: ClientId, from: string, to: string): Promise<Map<number, number>> {
      const rows = await db
        .select({
          storeId: couponDirectory.storeId,
          views: sql<number>`sum(${couponDayCounts.views})`.mapWith(Number),
        })
        .from(couponDayCounts)
        .innerJoin(couponDirectory, countedCoupon)
        .innerJoin(storeDirectory, eq(storeDirectory.id, couponDirectory.storeId))
        .where(
          and(
            eq(storeDirectory.client, client),
            gte(couponDayCounts.day, from),
            lte(couponDayCounts.day, to),
          ),
        )
        .groupBy(couponDirectory.storeId);
      return new Map(rows.map((row) => [row.storeId, row.views]));
    },
  };
}
export type LegacyRepository = ReturnType<typeof legacyRepository>;
