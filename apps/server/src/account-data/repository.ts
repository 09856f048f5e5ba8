import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../core/data/db';
import { couponDirectory } from '../coupons/read-model';
import { couponAnswers, couponDayCounts } from '../public-pages/read-model';

/** One coupon's figures on one UTC day: the page counters and the "Did this code work?" answers. */
export type CouponDayFigures = {
  couponId: number;
  day: string;
  views: number;
  reveals: number;
  clicks: number;
  answersYes: number;
  answersNo: number;
};

/**
 * The reads of an account's export over the views other features publish (migration 0014):
 * the store's coupon ids, and each coupon's daily figures a page at a time, by day, so
 * the export never holds a long history at once.
 */
export function accountDataRepository(db: Executor) {
  return {
    /** The store's coupon ids, in the merchant's order. */
    async couponIds(storeId: number): Promise<number[]> {
      const rows = await db
        .select({ id: couponDirectory.id })
        .from(couponDirectory)
        .where(eq(couponDirectory.storeId, storeId))
        .orderBy(asc(couponDirectory.sortNumber), asc(couponDirectory.id));
      return rows.map((row) => row.id);
    },

    /**
     * Up to `limit` days of one coupon's figures after `afterDay` (yyyy-MM-dd; '' for the
     * first page), oldest first: the counters' days and the answers' days together, a day
     * with only one of them showing zeros for the other. Each side reads its
     * (coupon_id, day) index from `afterDay` on.
     */
    async couponDays(
      couponId: number,
      afterDay: string,
      limit: number,
    ): Promise<CouponDayFigures[]> {
      const counts = db
        .select({
          couponId: couponDayCounts.couponId,
          day: couponDayCounts.day,
          views: couponDayCounts.views,
          reveals: couponDayCounts.reveals,
          clicks: couponDayCounts.clicks,
        })
        .from(couponDayCounts)
        .where(
          and(
            eq(couponDayCounts.couponId, couponId),
            gt(couponDayCounts.day, afterDay || '0001-01-01'),
          ),
        )
        .as('counts');
      const answers = db
        .select({
          couponId: couponAnswers.couponId,
          day: couponAnswers.day,
          yes: sql<number>`(count(*) filter (where ${couponAnswers.worked}))::int`.as('yes'),
          no: sql<number>`(count(*) filter (where not ${couponAnswers.worked}))::int`.as('no'),
        })
        .from(couponAnswers)
        .where(
          and(
            eq(couponAnswers.couponId, couponId),
            gt(couponAnswers.day, afterDay || '0001-01-01'),
          ),
        )
        .groupBy(couponAnswers.couponId, couponAnswers.day)
        .as('answers');
      const day = sql<string>`coalesce(${counts.day}, ${answers.day})::text`;
      return db
        .select({
          couponId: sql<number>`coalesce(${counts.couponId}, ${answers.couponId})`.mapWith(Number),
          day: day.mapWith(String),
          views: sql<number>`coalesce(${counts.views}, 0)`.mapWith(Number),
          reveals: sql<number>`coalesce(${counts.reveals}, 0)`.mapWith(Number),
          clicks: sql<number>`coalesce(${counts.clicks}, 0)`.mapWith(Number),
          answersYes: sql<number>`coalesce(${answers.yes}, 0)`.mapWith(Number),
          answersNo: sql<number>`coalesce(${answers.no}, 0)`.mapWith(Number),
        })
        .from(counts)
        .fullJoin(answers, eq(counts.day, answers.day))
        .orderBy(day)
        .limit(limit);
    },
  };
}
export type AccountDataRepository = ReturnType<typeof accountDataRepository>;
