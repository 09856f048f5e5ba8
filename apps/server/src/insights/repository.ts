import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { Executor } from '../core/data/db';
import { couponDirectory } from '../coupons/read-model';
import {
  countedCoupon,
  couponAnswers,
  couponDayCounts,
  storeDaysBetween,
} from '../public-pages/read-model';

/** One coupon's counts on one UTC day, as the public store page counters left them. */
export type CouponDayRow = {
  couponId: number;
  day: string;
  views: number;
  reveals: number;
  clicks: number;
};

/**
 * A row of a window's counts: a coupon's counts on one day (`day` set, answers 0), or its
 * "Did this code work?" answers over the whole window (`day` null, counts 0).
 */
export type WindowRow = Omit<CouponDayRow, 'day'> & { day: string | null; yes: number; no: number };

/**
 * Reads for the Insights screen. The counts come from coupon_day_counts, the public pages'
 * view of their counters: one row per coupon and UTC day. A window is a range
 * read on its primary key (coupon_id, day) for each coupon of the store (found through
 * coupons_store_sort_idx), so its cost follows the window, never the history kept.
 */
export function insightsRepository(db: Executor) {
  return {
    /**
     * The store's counts between two UTC days (inclusive) and its coupons' answers in the same
     * days, in one statement: the day rows as `dailyRows` reads them, then one row per coupon
     * with answers (coupon_answers, the public pages' view of them).
     */
    async windowRows(storeId: number, from: string, to: string): Promise<WindowRow[]> {
      const zero = sql<number>`0`;
      const days = db
        .select({
          couponId: couponDayCounts.couponId,
          day: sql<string | null>`${couponDayCounts.day}`,
          views: couponDayCounts.views,
          reveals: couponDayCounts.reveals,
          clicks: couponDayCounts.clicks,
          yes: zero,
          no: zero,
        })
        .from(couponDayCounts)
        .innerJoin(couponDirectory, countedCoupon)
        .where(storeDaysBetween(storeId, from, to));
      const answers = db
        .select({
          couponId: couponAnswers.couponId,
          day: sql<string | null>`null`,
          views: zero,
          reveals: zero,
          clicks: zero,
          yes: sql<number>`(count(*) filter (where ${couponAnswers.worked}))::int`,
          no: sql<number>`(count(*) filter (where not ${couponAnswers.worked}))::int`,
        })
        .from(couponAnswers)
        .innerJoin(couponDirectory, eq(couponDirectory.id, couponAnswers.couponId))
        .where(
          and(
            eq(couponDirectory.storeId, storeId),
            gte(couponAnswers.day, from),
            lte(couponAnswers.day, to),
          ),
        )
        .groupBy(couponAnswers.couponId);
      return days.unionAll(answers);
    },
  };
}
export type InsightsRepository = ReturnType<typeof insightsRepository>;
