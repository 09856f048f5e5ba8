/*
 * The Insights figures' rules, without the wire schemas (no TypeBox), so the
 * merchant centre's screen imports only these few lines (`@cc/contract/insights`).
 */

/** The windows the Insights screen offers, in days (today included). */
export const INSIGHTS_WINDOWS = [7, 30, 90] as const;
export type InsightsWindow = (typeof INSIGHTS_WINDOWS)[number];
export const DEFAULT_INSIGHTS_WINDOW: InsightsWindow = 30;

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
