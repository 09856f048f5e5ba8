import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Executor } from '../core/db';
import { coupons } from '../coupons/schema';
import { couponDailyStats } from '../public-pages/schema';
import type { CouponRow } from '../coupons/types';

/** One coupon's counts on one UTC day, as the public store page counters left them. */
export type CouponDayRow = {
  couponId: number;
  day: string;
  views: number;
  reveals: number;
  clicks: number;
};

/**
 * Reads for the Insights screen. The counts come from coupon_daily_stats, one row per
 * coupon and UTC day, written by the public store page counters: a window is a range
 * read on its primary key (coupon_id, day) for each coupon of the store (found through
 * coupons_store_sort_idx), so its cost follows the window, never the history kept.
 */
export function insightsRepository(db: Executor) {
  return {
    /** The store's coupons in the merchant's order. */
    async coupons(storeId: number): Promise<CouponRow[]> {
      return db
        .select()
        .from(coupons)
        .where(eq(coupons.storeId, storeId))
        .orderBy(asc(coupons.sortNumber), asc(coupons.id));
    },
    /** Every coupon-day row of the store between two UTC days (inclusive), oldest first. */
    async dailyRows(storeId: number, from: string, to: string): Promise<CouponDayRow[]> {
      return db
        .select({
          couponId: couponDailyStats.couponId,
          day: couponDailyStats.day,
          views: couponDailyStats.views,
          reveals: couponDailyStats.reveals,
          clicks: couponDailyStats.clicks,
        })
        .from(couponDailyStats)
        .innerJoin(coupons, eq(coupons.id, couponDailyStats.couponId))
        .where(
          and(
            eq(coupons.storeId, storeId),
            gte(couponDailyStats.day, from),
            lte(couponDailyStats.day, to),
          ),
        )
        .orderBy(asc(couponDailyStats.day), asc(couponDailyStats.couponId));
    },
  };
}
export type InsightsRepository = ReturnType<typeof insightsRepository>;
