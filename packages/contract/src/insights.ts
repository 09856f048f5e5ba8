import { Type, type Static } from 'typebox';
import { DateString, Nullable } from './common';

/** The windows the Insights screen offers, in days (today included). */
export const INSIGHTS_WINDOWS = [7, 30, 90] as const;
export type InsightsWindow = (typeof INSIGHTS_WINDOWS)[number];
export const DEFAULT_INSIGHTS_WINDOW: InsightsWindow = 30;

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

/** The two CSV downloads: the daily series and the per-coupon table. */
export const INSIGHTS_CSV_TABLES = ['daily', 'coupons'] as const;
export type InsightsCsvTable = (typeof INSIGHTS_CSV_TABLES)[number];

/** Clicks per view, or null while there are no views. */
export function clickThroughRate(counts: { views: number; clicks: number }): number | null {
  return counts.views > 0 ? counts.clicks / counts.views : null;
}

/** A rate (0.25) as the screen and the CSV write it, to one decimal: '25%', '33.3%', '100%'. */
export function formatRate(rate: number): string {
  return `${(Math.round(rate * 1000) / 10).toFixed(1).replace(/\.0$/, '')}%`;
}
