import { pgView } from 'drizzle-orm/pg-core';
import { couponDailyStats, couponFeedback } from './schema';

// The public pages' data other features read in SQL; these declarations are the migrations'
// (drizzle-kit), the readers select through read-model.ts.

/** The store page counters per coupon and UTC day, as Insights, the lifecycle mails and the catalogue read them. */
export const couponDayCountsView = pgView('coupon_day_counts').as((qb) =>
  qb
    .select({
      couponId: couponDailyStats.couponId,
      day: couponDailyStats.day,
      views: couponDailyStats.views,
      reveals: couponDailyStats.reveals,
      clicks: couponDailyStats.clicks,
    })
    .from(couponDailyStats),
);

/** Shoppers' answers to "Did this code work?", as the review console reads them (no time of day). */
export const couponAnswersView = pgView('coupon_answers').as((qb) =>
  qb
    .select({ id: couponFeedback.id, couponId: couponFeedback.couponId, day: couponFeedback.day, worked: couponFeedback.worked })
    .from(couponFeedback),
);
