import { and, asc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import { storeSubscriptionSummary } from '../billing/read-model';
import type { Executor } from '../core/db';
import { couponDirectory, currentOn } from '../coupons/read-model';
import { storeDirectory } from '../stores/read-model';
import type { CouponRow } from '../coupons/types';
import type { StoreRow } from '../stores/types';
import { couponDailyStats, couponVisitors, storePageVersions, visitorDayKeys, type CounterKind } from './schema';

export type { CounterKind } from './schema';

/** What decides a page's freshness and liveness, read in one round trip per request. */
export type PageHead = {
  id: number;
  client: number;
  isApproved: boolean;
  declined: boolean;
  version: number;
  /** The store's current subscription (live ones first, then newest), `status|periodEndSeconds`, or null. */
  subscription: string | null;
};

export function publicPagesRepository(db: Executor) {
  const head = db
    .select({
      id: storeDirectory.id,
      client: storeDirectory.client,
      isApproved: storeDirectory.isApproved,
      declined: storeDirectory.declined,
      version: sql<number>`coalesce(${storePageVersions.version}, 0)`.mapWith(Number),
      subscription: storeSubscriptionSummary,
    })
    .from(storeDirectory)
    .leftJoin(storePageVersions, eq(storePageVersions.storeId, storeDirectory.id))
    .where(eq(storeDirectory.slug, sql.placeholder('slug')))
    .prepare('store_page_head');

  return {
    async head(slug: string): Promise<PageHead | undefined> {
      const [row] = await head.execute({ slug });
      return row;
    },
    async store(id: number, executor: Executor = db): Promise<StoreRow | undefined> {
      const [row] = await executor.select().from(storeDirectory).where(eq(storeDirectory.id, id));
      return row;
    },
    /** The ids of every coupon of the store, as a subquery: a statement that needs them reads them itself. */
    couponIdsOf: (storeId: number) => db.select({ id: couponDirectory.id }).from(couponDirectory).where(eq(couponDirectory.storeId, storeId)),
    /** The store's coupons shoppers see on `day` (started, not expired), in the merchant's order. */
    async liveCoupons(storeId: number, day: string, executor: Executor = db): Promise<CouponRow[]> {
      return executor
        .select()
        .from(couponDirectory)
        .where(and(eq(couponDirectory.storeId, storeId), currentOn(day)))
        .orderBy(asc(couponDirectory.sortNumber), asc(couponDirectory.id));
    },
    /**
     * Adds one to a counter of each coupon for the day, once per visitor: in one
     * statement, the visitor's rows go into coupon_visitors (those already there
     * are skipped) and only the coupons of new rows are bumped. Answers how many.
     */
    async count(
      { couponIds, day, kind, visitor }: { couponIds: number[]; day: string; kind: CounterKind; visitor: string },
      executor: Executor = db,
    ): Promise<number> {
      if (couponIds.length === 0) return 0;
      const fresh = executor.$with('fresh').as(
        executor
          .insert(couponVisitors)
          .values(couponIds.map((couponId) => ({ day, couponId, kind, visitor })))
          .onConflictDoNothing()
          .returning({ couponId: couponVisitors.couponId }),
      );
      const one = (counter: CounterKind) => sql<number>`${counter === kind ? 1 : 0}::int`.as(counter);
      const counted = await executor
        .with(fresh)
        .insert(couponDailyStats)
        .select(
          executor
            .select({
              couponId: fresh.couponId,
              day: sql<string>`${day}::date`.as('day'),
              views: one('views'),
              reveals: one('reveals'),
              clicks: one('clicks'),
            })
            .from(fresh),
        )
        .onConflictDoUpdate({
          target: [couponDailyStats.couponId, couponDailyStats.day],
          set: { [kind]: sql`${couponDailyStats[kind]} + 1` },
        })
        .returning({ couponId: couponDailyStats.couponId });
      return counted.length;
    },
    /**
     * The key of the day's visitor hashes: `candidate` unless another instance
     * stored one first. Also deletes the visitors and keys of days before
     * `keepFrom` (run once a day per instance).
     */
    async visitorDayKey({ day, candidate, keepFrom }: { day: string; candidate: string; keepFrom: string }): Promise<string> {
      await db.insert(visitorDayKeys).values({ day, key: candidate }).onConflictDoNothing();
      const [row] = await db.select({ key: visitorDayKeys.key }).from(visitorDayKeys).where(eq(visitorDayKeys.day, day));
      if (!row) throw new Error(`No visitor key for ${day}`);
      await db.delete(couponVisitors).where(lt(couponVisitors.day, keepFrom));
      await db.delete(visitorDayKeys).where(lt(visitorDayKeys.day, keepFrom));
      return row.key;
    },
    /** Sums per coupon of the coupons given between two days (inclusive); coupons without counts are left out. */
    async totalsFor(couponIds: number[], from: string, to: string, executor: Executor = db) {
      if (couponIds.length === 0) return [];
      return executor
        .select({
          coupon: couponDailyStats.couponId,
          views: sql<number>`sum(${couponDailyStats.views})`.mapWith(Number),
          reveals: sql<number>`sum(${couponDailyStats.reveals})`.mapWith(Number),
          clicks: sql<number>`sum(${couponDailyStats.clicks})`.mapWith(Number),
        })
        .from(couponDailyStats)
        .where(and(inArray(couponDailyStats.couponId, couponIds), gte(couponDailyStats.day, from), lte(couponDailyStats.day, to)))
        .groupBy(couponDailyStats.couponId);
    },
    async couponIdsIn(storeId: number, ids: number[], executor: Executor = db): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await executor
        .select({ id: couponDirectory.id })
        .from(couponDirectory)
        .where(and(eq(couponDirectory.storeId, storeId), inArray(couponDirectory.id, ids)));
      return rows.map((row) => row.id);
    },
  };
}
export type PublicPagesRepository = ReturnType<typeof publicPagesRepository>;
