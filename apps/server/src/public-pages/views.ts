import { publishedView } from '../core/data/published-view';
import { couponAnswers, couponDayCounts } from './read-model';
import { couponDailyStats, couponFeedback } from './schema';

// The public pages' data other features read in SQL; these declarations are the migrations'
// (drizzle-kit), the readers select through read-model.ts.

/** The store page counters per coupon and UTC day, as Insights, the lifecycle mails and the catalogue read them. */
export const couponDayCountsView = publishedView(couponDailyStats, couponDayCounts);

/** Shoppers' answers to "Did this code work?", as the review console reads them (no time of day). */
export const couponAnswersView = publishedView(couponFeedback, couponAnswers);
