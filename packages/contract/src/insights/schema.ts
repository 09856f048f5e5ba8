import { Type, type Static } from 'typebox';
import { DateString, Nullable } from '../common';
import { INSIGHTS_WINDOWS, type InsightsWindow } from './figures';

/** ?days=7|30|90 (30 when left out); anything else is a field error on `days`. */
export const InsightsQuery = Type.Object({
  days: Type.Optional(
    Type.Unsafe<InsightsWindow>(Type.Union(INSIGHTS_WINDOWS.map((days) => Type.Literal(days)))),
  ),
});
export type InsightsQuery = Static<typeof InsightsQuery>;

const Count = Type.Integer({ minimum: 0 });

/** Shopper counts: page views, code reveals and outbound clicks. */
export const InsightsCounts = Type.Object({ views: Count, reveals: Count, clicks: Count });
export type InsightsCounts = Static<typeof InsightsCounts>;

/** One UTC day of the store's counts; a day nobody came is all zeros. */
export const InsightsDay = Type.Object({
  day: DateString,
  views: Count,
  reveals: Count,
  clicks: Count,
});
export type InsightsDay = Static<typeof InsightsDay>;

/** One coupon's counts over the window, in the merchant's order. */
export const InsightsCoupon = Type.Object({
  coupon: Type.Integer(),
  /** The offer headline as shoppers see it ('20% OFF', '£15 OFF', 'Free Shipping'). */
  headline: Type.String(),
  description: Type.String(),
  views: Count,
  reveals: Count,
  clicks: Count,
  /** Click-through rate, clicks / views (0.25 is 25%); null while the coupon has no views. */
  ctr: Nullable(Type.Number({ minimum: 0 })),
  /** Share of shoppers who said the code worked (0 to 1); null until shopper feedback is collected. */
  feedback: Nullable(Type.Number({ minimum: 0, maximum: 1 })),
});
export type InsightsCoupon = Static<typeof InsightsCoupon>;

/** GET /api/v1/insights/: the signed-in merchant's store over the last `days` UTC days. */
export const Insights = Type.Object({
  days: Type.Integer(),
  /** yyyy-MM-dd, the first and the last day counted (UTC, the last is today). */
  from: DateString,
  to: DateString,
  totals: InsightsCounts,
  /** Every day from `from` to `to`, oldest first. */
  daily: Type.Array(InsightsDay),
  coupons: Type.Array(InsightsCoupon),
});
export type Insights = Static<typeof Insights>;
