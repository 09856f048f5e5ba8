import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server } from '../../../testing/server';
import type { Insights } from '@cc/contract';
import { insightsApi } from './insights';
import { makeTestStore } from '@cc/api/testing';

/** One coupon's figures, the same under both names of its id. */
const row = {
  headline: '20% OFF',
  description: 'All boots',
  views: 4,
  reveals: 1,
  clicks: 1,
  ctr: 0.25,
  feedback: null,
};

const wire: Insights = {
  days: 7,
  from: '2026-03-01',
  to: '2026-03-07',
  totals: { views: 4, reveals: 1, clicks: 1 },
  daily: [{ day: '2026-03-07', views: 4, reveals: 1, clicks: 1 }],
  coupons: [{ coupon: 41, ...row }],
};

describe('insights', () => {
  it('asks for the window and maps the answer to screen names', async () => {
    let days: string | null = null;
    server.use(
      http.get('*/api/v1/insights/', ({ request }) => {
        days = new URL(request.url).searchParams.get('days');
        return HttpResponse.json(wire);
      }),
    );
    const result = await makeTestStore().dispatch(
      insightsApi.endpoints.getInsights.initiate({ days: 7 }),
    );
    expect(days).toBe('7');
    // The wire's `coupon` is the screen's `couponId`; everything else keeps its name.
    expect(result.data).toEqual({ ...wire, coupons: [{ couponId: 41, ...row }], isEmpty: false });
  });

  it('is empty when every count of the window is zero', async () => {
    server.use(
      http.get('*/api/v1/insights/', () =>
        HttpResponse.json({
          ...wire,
          totals: { views: 0, reveals: 0, clicks: 0 },
          daily: [],
          coupons: [],
        }),
      ),
    );
    const result = await makeTestStore().dispatch(
      insightsApi.endpoints.getInsights.initiate({ days: 30 }),
    );
    expect(result.data?.isEmpty).toBe(true);
  });

  it('downloads a table as text under the name the server gives, without the byte order mark', async () => {
    let asked = '';
    server.use(
      http.get('*/api/v1/insights/coupons.csv', ({ request }) => {
        asked = new URL(request.url).search;
        return new HttpResponse('\uFEFFCoupon ID,Offer\r\n41,20% OFF\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="shop-insights-coupons.csv"',
          },
        });
      }),
    );
    const store = makeTestStore();
    const result = await store.dispatch(
      insightsApi.endpoints.downloadInsightsCsv.initiate({ table: 'coupons', days: 90 }),
    );
    expect(asked).toBe('?days=90');
    expect(result.data).toEqual({
      filename: 'shop-insights-coupons.csv',
      content: 'Coupon ID,Offer\r\n41,20% OFF\r\n',
    });
  });
});
