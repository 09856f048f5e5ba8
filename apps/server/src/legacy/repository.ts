import { and, asc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { coupons, stores } from '../db/schema';
import { couponColumns, storeColumns, type CouponWithStore } from '../repositories/coupons';
import type { StoreRow } from '../repositories/stores';
import { currentOn, subscriptionSummary } from '../public-pages/repository';
import { couponDailyStats } from '../public-pages/schema';

/** A store with its current subscription (`status|periodEndSeconds`, as the store pages read it). */
export type StoreWithSubscription = { store: StoreRow; subscription: string | null };

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
