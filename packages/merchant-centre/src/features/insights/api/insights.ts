import type { Insights, InsightsCounts, InsightsCsvTable, InsightsWindow } from '@cc/contract';
import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { api } from '@cc/api';
import { attachmentName } from '../../../lib/api/billing';

/** One UTC day of the store's counts (yyyy-MM-dd). */
export type InsightsPoint = InsightsCounts & { day: string };

/** One coupon's row of the Insights table (screen names). */
export type InsightsCouponRow = InsightsCounts & {
  couponId: number;
  headline: string;
  description: string;
  /** Clicks per view (0.25 is 25%); null without views. */
  ctr: number | null;
  /** Shopper feedback success rate; null until it is collected. */
  feedback: number | null;
};

/** The Insights screen's model of GET /insights/. */
export type ScreenInsights = {
  days: InsightsWindow;
  from: string;
  to: string;
  totals: InsightsCounts;
  daily: InsightsPoint[];
  coupons: InsightsCouponRow[];
  /** Nobody viewed, revealed or clicked anything in the window. */
  isEmpty: boolean;
};

/** A CSV download: the file's name (from Content-Disposition) and its text. */
export type CsvFile = { filename: string; content: string };

export const INSIGHTS_PATH = 'insights/';
export const insightsCsvPath = (table: InsightsCsvTable) => `insights/${table}.csv`;

/** Wire to screen: the one mapper of the Insights answer. */
export function toScreenInsights(wire: Insights, days: InsightsWindow): ScreenInsights {
  const { totals } = wire;
  return {
    days,
    from: wire.from,
    to: wire.to,
    totals,
    daily: wire.daily.map((d) => ({
      day: d.day,
      views: d.views,
      reveals: d.reveals,
      clicks: d.clicks,
    })),
    coupons: wire.coupons.map((c) => ({
      couponId: c.coupon,
      headline: c.headline,
      description: c.description,
      views: c.views,
      reveals: c.reveals,
      clicks: c.clicks,
      ctr: c.ctr,
      feedback: c.feedback,
    })),
    isEmpty: totals.views + totals.reveals + totals.clicks === 0,
  };
}

export const insightsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /insights/?days=7|30|90: the merchant's store, per UTC day and per coupon. */
    getInsights: build.query<ScreenInsights, { days: InsightsWindow }>({
      query: ({ days }) => ({ url: INSIGHTS_PATH, params: { days } }),
      transformResponse: (response: Insights, _meta, { days }) => toScreenInsights(response, days),
    }),
    /** GET /insights/daily.csv or /insights/coupons.csv: fetched anew on each call, with the session. */
    downloadInsightsCsv: build.mutation<CsvFile, { table: InsightsCsvTable; days: InsightsWindow }>(
      {
        async queryFn({ table, days }, _api, _extra, baseQuery) {
          const result = await baseQuery({
            url: insightsCsvPath(table),
            params: { days },
            responseHandler: 'text',
          });
          if (result.error) return { error: result.error };
          const meta = result.meta as FetchBaseQueryMeta | undefined;
          const filename =
            attachmentName(meta?.response?.headers.get('content-disposition')) ??
            `insights-${table}.csv`;
          // Reading as text drops the byte order mark; the saved file adds it back.
          return { data: { filename, content: String(result.data).replace(/^\uFEFF/, '') } };
        },
      },
    ),
  }),
});

export const { useGetInsightsQuery, useDownloadInsightsCsvMutation } = insightsApi;
