import { getClientConfig, type ClientId } from '@cc/config';
import { formatRate, type Insights, type InsightsCsvTable } from '@cc/contract';
import { csvFile } from '../core/render/csv';

export const DAILY_CSV_COLUMNS = ['Date', 'Views', 'Code reveals', 'Clicks'] as const;
export const COUPONS_CSV_COLUMNS = [
  'Coupon ID',
  'Offer',
  'Description',
  'Views',
  'Code reveals',
  'Clicks',
  'Click-through rate',
  'Feedback success rate',
] as const;

/** The chart's series: one row per UTC day of the window, oldest first, zeros included. */
export function dailyCsv(insights: Insights): string {
  return csvFile([
    DAILY_CSV_COLUMNS,
    ...insights.daily.map((d) => [d.day, d.views, d.reveals, d.clicks]),
  ]);
}

/** The per-coupon table in the merchant's order; a rate with no value (no views, no feedback yet) is left empty. */
export function couponsCsv(insights: Insights): string {
  return csvFile([
    COUPONS_CSV_COLUMNS,
    ...insights.coupons.map((c) => [
      c.coupon,
      c.headline,
      c.description,
      c.views,
      c.reveals,
      c.clicks,
      c.ctr === null ? '' : formatRate(c.ctr),
      c.feedback === null ? '' : formatRate(c.feedback),
    ]),
  ]);
}

const fileSafe = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** `<brand>-<store slug>-insights-<table>-<days>-days-<last day>.csv`. */
export function insightsFilename(params: {
  client: ClientId;
  storeSlug: string;
  table: InsightsCsvTable;
  insights: Insights;
}): string {
  const { insights } = params;
  const parts = [
    fileSafe(getClientConfig(params.client).appName),
    fileSafe(params.storeSlug),
    'insights',
    params.table,
    `${insights.days}-days`,
    insights.to,
  ];
  return `${parts.filter(Boolean).join('-')}.csv`;
}
