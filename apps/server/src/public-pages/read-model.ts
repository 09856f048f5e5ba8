import { and, eq, gte, lte } from 'drizzle-orm';
import { pgTable } from 'drizzle-orm/pg-core';
import { couponDirectory } from '../coupons/read-model';
import { couponDailyStatsColumns, couponFeedbackColumns } from './schema';

/** coupon_day_counts (views.ts, migration 0014) as the other features select from it; see stores/read-model.ts. */
export const couponDayCounts = pgTable('coupon_day_counts', couponDailyStatsColumns());

/** Joins coupon_day_counts to the coupon each row counts (coupon_directory). */
export const countedCoupon = eq(couponDirectory.id, couponDayCounts.couponId);

/**
 * One store's counter rows from `from` to `to` (yyyy-MM-dd, inclusive), for a select from
 * coupon_day_counts joined on `countedCoupon`: a range of the counters' primary key
 * (coupon_id, day) for each of the store's coupons.
 */
export const storeDaysBetween = (storeId: number, from: string, to: string) =>
  and(
    eq(couponDirectory.storeId, storeId),
    gte(couponDayCounts.day, from),
    lte(couponDayCounts.day, to),
  );

const { id, couponId, day, worked } = couponFeedbackColumns();

/** coupon_answers (views.ts, migration 0014) as the review console selects from it. */
export const couponAnswers = pgTable('coupon_answers', { id, couponId, day, worked });
