import { expect, it } from 'vitest';
import type { Store } from '@cc/contract';
import { call, dayOffset, describeEachDatabase } from './helpers';
import { liveStore, staffToken } from './review-fixtures';

const BOM = '\uFEFF';

/** The rows of a CSV answer, the byte order mark and the final CRLF taken off. */
function rowsOf(body: string): string[] {
  expect(body.startsWith(BOM)).toBe(true);
  expect(body.endsWith('\r\n')).toBe(true);
  return body.slice(1, -2).split('\r\n');
}

describeEachDatabase(
  'insights: the daily series and the per-coupon table as CSV downloads',
  (ctx) => {
    it('downloads every day of the window, zeros included, and each coupon with its rates, quoted where needed', async () => {
      const { app, clock } = ctx();
      const staff = await staffToken(app);
      const { token, store, couponIds } = await liveStore(app, staff, [
        {
          description: 'Boots, shoes & "everything" else',
          title: 'UP TO 50% OFF',
          start_date: dayOffset(clock, -10),
        },
        { description: '=HYPERLINK("https://evil.example")', start_date: dayOffset(clock, -10) },
      ]);
      const [a, b] = couponIds;
      const visit =
        (address: string) =>
        (method: 'GET' | 'POST', url: string, query: Record<string, string> = {}) =>
          app.inject({
            method,
            url,
            query,
            remoteAddress: address,
            headers: { 'user-agent': 'Mozilla/5.0 CSV test' },
          });
      // Three shoppers see the page today; one reveals and clicks the first coupon. Yesterday, one view.
      for (const address of ['198.51.100.10', '198.51.100.11', '198.51.100.12']) {
        await visit(address)('POST', `/stores/${store.slug}/events`, { type: 'view' });
      }
      await visit('198.51.100.10')('POST', `/stores/${store.slug}/events`, {
        type: 'reveal',
        coupon: String(a),
      });
      await visit('198.51.100.10')('GET', `/stores/${store.slug}/go/${a}`);
      clock.advance(-24 * 3600 * 1000);
      try {
        await visit('198.51.100.20')('POST', `/stores/${store.slug}/events`, { type: 'view' });
      } finally {
        clock.advance(24 * 3600 * 1000);
      }

      const daily = await call(app, 'GET', '/api/v1/insights/daily.csv', {
        token,
        query: { days: '7' },
      });
      expect(daily.statusCode).toBe(200);
      expect(daily.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(daily.headers['cache-control']).toBe('no-store');
      expect(daily.headers['content-disposition']).toBe(
        `attachment; filename="vouchernest-${store.slug}-insights-daily-7-days-${dayOffset(clock, 0)}.csv"`,
      );
      expect([...daily.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(rowsOf(daily.body)).toEqual([
        'Date,Views,Code reveals,Clicks',
        ...[-6, -5, -4, -3, -2].map((n) => `${dayOffset(clock, n)},0,0,0`),
        `${dayOffset(clock, -1)},2,0,0`,
        `${dayOffset(clock, 0)},6,1,1`,
      ]);

      const coupons = await call(app, 'GET', '/api/v1/insights/coupons.csv', {
        token,
        query: { days: '7' },
      });
      expect(coupons.statusCode).toBe(200);
      expect(coupons.headers['content-disposition']).toBe(
        `attachment; filename="vouchernest-${store.slug}-insights-coupons-7-days-${dayOffset(clock, 0)}.csv"`,
      );
      // A comma or a quote is quoted (quotes doubled); a formula is defused; no views yet would leave the rate empty.
      expect(rowsOf(coupons.body)).toEqual([
        'Coupon ID,Offer,Description,Views,Code reveals,Clicks,Click-through rate,Feedback success rate',
        `${a},UP TO 50% OFF,"Boots, shoes & ""everything"" else",4,1,1,25%,`,
        `${b},20% OFF,"'=HYPERLINK(""https://evil.example"")",4,0,0,0%,`,
      ]);
    });

    it('writes 30 days when no window is asked, and leaves the click-through rate empty for a coupon nobody saw', async () => {
      const { app, clock } = ctx();
      const staff = await staffToken(app);
      const { token, store }: { token: string; store: Store } = await liveStore(app, staff, [
        { description: 'Café £5 off' },
      ]);
      const daily = await call(app, 'GET', '/api/v1/insights/daily.csv', { token });
      const rows = rowsOf(daily.body);
      expect(rows).toHaveLength(31);
      expect(rows[1]).toBe(`${dayOffset(clock, -29)},0,0,0`);
      expect(rows[30]).toBe(`${dayOffset(clock, 0)},0,0,0`);
      expect(daily.headers['content-disposition']).toContain(`-insights-daily-30-days-`);

      const coupons = await call(app, 'GET', '/api/v1/insights/coupons.csv', { token });
      // UTF-8 as sent: the £ and the é arrive whole.
      expect(rowsOf(coupons.body)[1]).toMatch(/^\d+,20% OFF,Café £5 off,0,0,0,,$/);
      expect(coupons.headers['content-disposition']).toContain(store.slug);
    });
  },
);
