import { expect, it } from 'vitest';
import type { CouponStatsList } from '@cc/contract';
import { call, describeEachDatabase, merchantWithStore } from './helpers';
import { liveStore, staffToken } from './review-fixtures';

const DAY = 24 * 3600 * 1000;

describeEachDatabase('shopper counters per coupon per day', (ctx) => {
  it('counts page views, code reveals and outbound clicks; the owner reads the last 30 days', async () => {
    const { app, clock } = ctx();
    const staff = await staffToken(app);
    const { token, store, couponIds } = await liveStore(app, staff, [
      { description: 'A', destination_coupon_url: 'https://shop.example.com/a', start_date: '2026-10-01' },
      { description: 'B', destination_coupon_url: '', start_date: '2026-10-01' },
    ]);
    const [a, b] = couponIds;
    const event = (query: Record<string, string>) => call(app, 'POST', `/stores/${store.slug}/events`, { query });

    expect((await event({ type: 'view' })).statusCode).toBe(204);
    await event({ type: 'view' });
    await event({ type: 'reveal', coupon: String(a) });
    const go = await call(app, 'GET', `/stores/${store.slug}/go/${a}`);
    expect(go.statusCode).toBe(302);
    expect(go.headers.location).toBe('https://shop.example.com/a');
    expect(go.headers['cache-control']).toBe('no-store');
    // No destination of its own: the store's website.
    expect((await call(app, 'GET', `/stores/${store.slug}/go/${b}`)).headers.location).toBe('http://example.com/');

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
      { coupon: a, views: 3, reveals: 1, clicks: 1 },
      { coupon: b, views: 3, reveals: 0, clicks: 1 },
    ]);
    expect(body.to).toBe(clock.now().toISOString().slice(0, 10));
  });

  it('counts nothing for a page that is not live, or a coupon of another store; the stats are the owner\'s only', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const other = await liveStore(app, staff);
    const { token, store } = await merchantWithStore(app);
    await call(app, 'POST', `/stores/${store.slug}/events`, { query: { type: 'view' } });
    expect((await call(app, 'GET', `/stores/${store.slug}/go/${other.couponIds[0]}`)).statusCode).toBe(404);
    expect((await call(app, 'GET', `/stores/${other.store.slug}/go/999999`)).statusCode).toBe(404);
    await call(app, 'POST', `/stores/${other.store.slug}/events`, { query: { type: 'reveal', coupon: '999999' } });
    expect((await call(app, 'GET', '/api/v1/coupons/stats/', { token })).json<CouponStatsList>().results).toEqual([]);
    const otherStats = (await call(app, 'GET', '/api/v1/coupons/stats/', { token: other.token })).json<CouponStatsList>();
    expect(otherStats.results).toEqual([{ coupon: other.couponIds[0], views: 0, reveals: 0, clicks: 0 }]);
    expect((await call(app, 'GET', '/api/v1/coupons/stats/')).statusCode).toBe(401);
    expect((await call(app, 'POST', `/stores/${store.slug}/events`, { query: { type: 'hover' } })).statusCode).toBe(400);
  });
});
