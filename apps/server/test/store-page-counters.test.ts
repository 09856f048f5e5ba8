import { asc, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { CouponStatsList } from '@cc/contract';
import { couponVisitors, visitorDayKeys } from '../src/public-pages/schema';
import { call, dayOffset, describeEachDatabase, merchantWithStore } from './helpers';
import { liveStore, staffToken } from './review-fixtures';

const DAY = 24 * 3600 * 1000;
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 Version/18.5 Safari/604.1';

describeEachDatabase('shopper counters per coupon per day', (ctx) => {
  it('counts page views, code reveals and outbound clicks; the owner reads the last 30 days', async () => {
    const { app, clock } = ctx();
    const staff = await staffToken(app);
    const { token, store, couponIds } = await liveStore(app, staff, [
      {
        description: 'A',
        destination_coupon_url: 'https://shop.example.com/a',
        start_date: dayOffset(clock, -51),
      },
      { description: 'B', destination_coupon_url: '', start_date: dayOffset(clock, -51) },
    ]);
    const [a, b] = couponIds;
    const event = (query: Record<string, string>) =>
      call(app, 'POST', `/stores/${store.slug}/events`, { query });

    expect((await event({ type: 'view' })).statusCode).toBe(204);
    // The same shopper's second view today is not counted again.
    await event({ type: 'view' });
    await event({ type: 'reveal', coupon: String(a) });
    const go = await call(app, 'GET', `/stores/${store.slug}/go/${a}`);
    expect(go.statusCode).toBe(302);
    expect(go.headers.location).toBe('https://shop.example.com/a');
    expect(go.headers['cache-control']).toBe('no-store');
    // No destination of its own: the store's website.
    expect((await call(app, 'GET', `/stores/${store.slug}/go/${b}`)).headers.location).toBe(
      'http://example.com/',
    );

    // Yesterday's counts add up with today's; counts older than 30 days drop out.
    clock.advance(-DAY);
    await event({ type: 'view' });
    clock.advance(-30 * DAY);
    await event({ type: 'view' });
    clock.advance(31 * DAY);

    const stats = await call(app, 'GET', '/api/v1/coupons/stats/', { token });
    expect(stats.statusCode).toBe(200);
    const body = stats.json<CouponStatsList>();
    expect(body.days).toBe(30);
    expect(body.results).toEqual([
      { coupon: a, views: 2, reveals: 1, clicks: 1 },
      { coupon: b, views: 2, reveals: 0, clicks: 1 },
    ]);
    expect(body.to).toBe(dayOffset(clock, 0));
  });

  it('still sends the shopper to the merchant when the click cannot be counted', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const { store, couponIds } = await liveStore(app, staff);
    // The counters' table is gone, as in a failed migration or a lost database write.
    await app.db.execute(sql`alter table coupon_daily_stats rename to coupon_daily_stats_away`);
    try {
      const go = await call(app, 'GET', `/stores/${store.slug}/go/${couponIds[0]}`);
      expect(go.statusCode).toBe(302);
      expect(go.headers.location).toBe('https://example.com/sale');
    } finally {
      await app.db.execute(sql`alter table coupon_daily_stats_away rename to coupon_daily_stats`);
    }
  });

  it("counts nothing for a page that is not live, or a coupon of another store; the stats are the owner's only", async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const other = await liveStore(app, staff);
    const { token, store } = await merchantWithStore(app);
    await call(app, 'POST', `/stores/${store.slug}/events`, { query: { type: 'view' } });
    expect(
      (await call(app, 'GET', `/stores/${store.slug}/go/${other.couponIds[0]}`)).statusCode,
    ).toBe(404);
    expect((await call(app, 'GET', `/stores/${other.store.slug}/go/999999`)).statusCode).toBe(404);
    await call(app, 'POST', `/stores/${other.store.slug}/events`, {
      query: { type: 'reveal', coupon: '999999' },
    });
    expect(
      (await call(app, 'GET', '/api/v1/coupons/stats/', { token })).json<CouponStatsList>().results,
    ).toEqual([]);
    const otherStats = (
      await call(app, 'GET', '/api/v1/coupons/stats/', { token: other.token })
    ).json<CouponStatsList>();
    expect(otherStats.results).toEqual([
      { coupon: other.couponIds[0], views: 0, reveals: 0, clicks: 0 },
    ]);
    expect((await call(app, 'GET', '/api/v1/coupons/stats/')).statusCode).toBe(401);
    expect(
      (await call(app, 'POST', `/stores/${store.slug}/events`, { query: { type: 'hover' } }))
        .statusCode,
    ).toBe(400);
  });

  it('counts each kind at most once per visitor, coupon and UTC day, keeping only a hash of the visitor', async () => {
    const { app, clock } = ctx();
    const staff = await staffToken(app);
    const { token, store, couponIds } = await liveStore(app, staff, [
      {
        description: 'A',
        destination_coupon_url: 'https://shop.example.com/a',
        start_date: dayOffset(clock, -51),
      },
      { description: 'B', start_date: dayOffset(clock, -51) },
    ]);
    const [a, b] = couponIds;
    // The view beacon, a code reveal and the outbound click, each sent twice.
    const visit = async (userAgent: string, remoteAddress = '127.0.0.1') => {
      const send = (method: 'GET' | 'POST', url: string, query: Record<string, string> = {}) =>
        app.inject({ method, url, query, remoteAddress, headers: { 'user-agent': userAgent } });
      for (let i = 0; i < 2; i += 1) {
        expect(
          (await send('POST', `/stores/${store.slug}/events`, { type: 'view' })).statusCode,
        ).toBe(204);
        expect(
          (
            await send('POST', `/stores/${store.slug}/events`, {
              type: 'reveal',
              coupon: String(a),
            })
          ).statusCode,
        ).toBe(204);
        // The redirect answers every click; only the count is once a day.
        const go = await send('GET', `/stores/${store.slug}/go/${a}`);
        expect(go.statusCode).toBe(302);
        expect(go.headers.location).toBe('https://shop.example.com/a');
      }
    };
    const counts = async () =>
      (await call(app, 'GET', '/api/v1/coupons/stats/', { token })).json<CouponStatsList>().results;
    const counted = (n: number) => [
      { coupon: a, views: n, reveals: n, clicks: n },
      { coupon: b, views: n, reveals: 0, clicks: 0 },
    ];

    await visit(FIREFOX);
    expect(await counts()).toEqual(counted(1));

    // Another browser, or the same browser from another address, is another visitor.
    await visit(SAFARI);
    await visit(FIREFOX, '192.0.2.7');
    await visit(FIREFOX);
    expect(await counts()).toEqual(counted(3));

    // Each UTC day counts the same visitor again: two days ago, yesterday and today.
    clock.advance(-2 * DAY);
    try {
      await visit(FIREFOX);
      clock.advance(DAY);
      await visit(FIREFOX);
    } finally {
      clock.advance(DAY);
    }
    await visit(FIREFOX);
    expect(await counts()).toEqual(counted(5));

    // Only hashes are kept, and only yesterday's and today's: the older day went when today was counted.
    const rows = await app.db.select().from(couponVisitors).orderBy(asc(couponVisitors.day));
    expect([...new Set(rows.map((row) => row.day))]).toEqual([
      dayOffset(clock, -1),
      dayOffset(clock, 0),
    ]);
    expect(rows.every((row) => /^[\w-]{22}$/.test(row.visitor))).toBe(true);
    const keys = await app.db
      .select({ day: visitorDayKeys.day })
      .from(visitorDayKeys)
      .orderBy(asc(visitorDayKeys.day));
    expect(keys.map((key) => key.day)).toEqual([dayOffset(clock, -1), dayOffset(clock, 0)]);
  });
});
