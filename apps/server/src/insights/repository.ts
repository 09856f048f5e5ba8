import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../core/db';
import { couponDirectory } from '../coupons/read-model';
import { countedCoupon, couponDayCounts, storeDaysBetween } from '../public-pages/read-model';
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
 * Reads for the Insights screen. The counts come from coupon_day_counts, the public pages'
 * view of their counters: one row per coupon and UTC day. A window is a range
 * read on its primary key (coupon_id, day) for each coupon of the store (found through
 * coupons_store_sort_idx), so its cost follows the window, never the history kept.
 */
export function insightsRepository(db: Executor) {
  return {
    /** The store's coupons in the merchant's order. */
    async coupons(storeId: number): Promise<CouponRow[]> {
      return db
        .select()
        .from(couponDirectory)
        .where(eq(couponDirectory.storeId, storeId))
        .orderBy(asc(couponDirectory.sortNumber), asc(couponDirectory.id));
    },
    /** Every coupon-day row of the store between two UTC days (inclusive), oldest first. */
    async dailyRows(storeId: number, from: string, to: string): Promise<CouponDayRow[]> {
      return db
        .select({
          couponId: couponDayCounts.couponId,
          day: couponDayCounts.day,
          views: couponDayCounts.views,
          reveals: couponDayCounts.reveals,
          clicks: couponDayCounts.clicks,
        })
        .from(couponDayCounts)
        .innerJoin(couponDirectory, countedCoupon)
        .where(storeDaysBetween(storeId, from, to))
        .orderBy(asc(couponDayCounts.day), asc(couponDayCounts.couponId));
    },
  };
}
export type InsightsRepository = ReturnType<typeof insightsRepository>;
