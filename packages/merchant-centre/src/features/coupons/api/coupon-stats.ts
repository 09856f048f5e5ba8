import type { CouponStats, CouponStatsList } from '@cc/contract';
import { api } from '@cc/api';

/** Shopper counts per coupon, last 30 days: views, code reveals, outbound clicks (screen names). */
export type CouponCounts = { views: number; reveals: number; clicks: number };
export type CouponCountsById = Record<number, CouponCounts>;

export const couponStatsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /coupons/stats/: the signed-in merchant's counts per coupon over the last 30 days. */
    getCouponStats: build.query<CouponCountsById, void>({
      query: () => ({ url: 'coupons/stats/' }),
      transformResponse: (response: CouponStatsList) =>
        Object.fromEntries(
          response.results.map((row: CouponStats) => [
            row.coupon,
            { views: row.views, reveals: row.reveals, clicks: row.clicks },
          ]),
        ),
      providesTags: [{ type: 'Coupon', id: 'STATS' }],
    }),
  }),
});

export const { useGetCouponStatsQuery } = couponStatsApi;
/** The counts as the cache holds them, without asking for them (the screen that shows them asks). */
export const useCouponStatsState = couponStatsApi.endpoints.getCouponStats.useQueryState;
