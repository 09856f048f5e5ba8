import { pgTable } from 'drizzle-orm/pg-core';
import { couponDailyStatsColumns, couponFeedbackColumns } from './schema';

/** coupon_day_counts (views.ts, migration 0014) as the other features select from it; see stores/read-model.ts. */
export const couponDayCounts = pgTable('coupon_day_counts', couponDailyStatsColumns());

const { id, couponId, day, worked } = couponFeedbackColumns();

/** coupon_answers (views.ts, migration 0014) as the review console selects from it. */
export const couponAnswers = pgTable('coupon_answers', { id, couponId, day, worked });
