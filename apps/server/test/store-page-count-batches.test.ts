import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { CouponStatsList } from '@cc/contract';
import { buildApp } from '../src/app';
import { call, describeEachDatabase, testEnv } from './helpers';
import { liveStore, staffToken } from './review-fixtures';

/** A shopper as the server tells them apart (address and browser): here one address, a browser each. */
const shopper = (n: number) => ({ 'user-agent': `Shopper browser ${n}` });

describeEachDatabase("shoppers' counts are written in batches", (ctx) => {
  /** An instance that holds events until a write a minute apart, or five of them, or its close. */
  let batching: FastifyInstance;
  beforeAll(async () => {
    const { database, clock } = ctx();
    batching = await buildApp({
      database,
      clock,
      env: testEnv({ counting: { flushMs: 60_000, maxPending: 5 } }),
      logger: false,
    });
    await batching.ready();
  });
  afterAll(async () => {
    await batching.close();
  });

  /** Another instance on the same database that writes every `flushMs`, or at 1,000 events, or at its close; with a live store of one coupon. */
  const instanceWithStore = async (flushMs: number) => {
    const { app, database, clock } = ctx();
    const staff = await staffToken(app);
    const live = await liveStore(app, staff, [{ description: 'A' }]);
    const instance = await buildApp({
      database,
      clock,
      env: testEnv({ counting: { flushMs, maxPending: 1000 } }),
      logger: false,
    });
    await instance.ready();
    return { instance, ...live };
  };
  const statsOf = async (token: string) =>
    (await call(ctx().app, 'GET', '/api/v1/coupons/stats/', { token })).json<CouponStatsList>()
      .results;
  const event = (
    app: FastifyInstance,
    slug: string,
    visitor: number,
    query: Record<string, string> = { type: 'view' },
  ) => call(app, 'POST', `/stores/${slug}/events`, { query, headers: shopper(visitor) });

  it('answers at once, writes the held counts together, and counts each visitor once a day across batches and instances', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const { token, store, couponIds } = await liveStore(app, staff, [
      { description: 'A' },
      { description: 'B' },
    ]);
    const [a = 0, b = 0] = couponIds;

    // Two shoppers view the page (two counts each), one twice: held, not yet written.
    expect((await event(batching, store.slug, 1)).statusCode).toBe(204);
    expect((await event(batching, store.slug, 1)).statusCode).toBe(204);
    expect(
      (await event(batching, store.slug, 2, { type: 'reveal', coupon: String(a) })).statusCode,
    ).toBe(204);
    expect(batching.storePages.counts.held()).toBe(3);
    expect(await statsOf(token)).toEqual([
      { coupon: a, views: 0, reveals: 0, clicks: 0 },
      { coupon: b, views: 0, reveals: 0, clicks: 0 },
    ]);

    // Written by the batching instance: the owner's stats, read through the other, follow its announcement.
    await batching.storePages.counts.flush();
    expect(batching.storePages.counts.held()).toBe(0);
    await vi.waitFor(async () =>
      expect(await statsOf(token)).toEqual([
        { coupon: a, views: 1, reveals: 1, clicks: 0 },
        { coupon: b, views: 1, reveals: 0, clicks: 0 },
      ]),
    );

    // The same shopper again, in a later batch and through another instance, is kept once; a new
    // shopper through the other instance counts: two views a coupon, not three.
    await event(batching, store.slug, 1);
    await batching.storePages.counts.flush();
    await call(app, 'POST', `/stores/${store.slug}/events`, {
      query: { type: 'view' },
      headers: shopper(1),
    });
    await call(app, 'POST', `/stores/${store.slug}/events`, {
      query: { type: 'view' },
      headers: shopper(3),
    });
    await vi.waitFor(async () =>
      expect(await statsOf(token)).toEqual([
        { coupon: a, views: 2, reveals: 1, clicks: 0 },
        { coupon: b, views: 2, reveals: 0, clicks: 0 },
      ]),
    );
  });

  it('starts a write once five events are held, without waiting for the minute', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const { token, store, couponIds } = await liveStore(app, staff, [{ description: 'A' }]);
    for (let visitor = 10; visitor < 15; visitor += 1) await event(batching, store.slug, visitor);
    await vi.waitFor(async () =>
      expect(await statsOf(token)).toEqual([
        { coupon: couponIds[0], views: 5, reveals: 0, clicks: 0 },
      ]),
    );
  });

  it('writes on its timer, without a call to write, within the interval set', async () => {
    const { instance: timed, token, store, couponIds } = await instanceWithStore(50);
    try {
      await event(timed, store.slug, 40);
      await event(timed, store.slug, 41);
      await vi.waitFor(
        async () =>
          expect(await statsOf(token)).toEqual([
            { coupon: couponIds[0], views: 2, reveals: 0, clicks: 0 },
          ]),
        {
          timeout: 3000,
          interval: 20,
        },
      );
      expect(timed.storePages.counts.held()).toBe(0);
    } finally {
      await timed.close();
    }
  });

  it('answers the beacon with an empty 204 kept by no cache, and still limits one address to 600 a minute', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const { store } = await liveStore(app, staff, [{ description: 'A' }]);
    // An address of its own, so the other tests' beacons do not count towards its limit.
    const beacon = () =>
      batching.inject({
        method: 'POST',
        url: `/stores/${store.slug}/events?type=view`,
        remoteAddress: '10.50.0.1',
        headers: shopper(50),
      });
    const first = await beacon();
    expect(first.statusCode).toBe(204);
    expect(first.body).toBe('');
    expect(first.headers['cache-control']).toBe('no-store');
    // Nothing reads the answer: no page's security headers, no rate-limit counts on it.
    expect(first.headers['content-security-policy']).toBeUndefined();
    expect(first.headers['x-ratelimit-remaining']).toBeUndefined();
    const statuses: number[] = [];
    for (let n = 1; n < 602; n += 1) statuses.push((await beacon()).statusCode);
    expect(statuses.filter((status) => status === 204)).toHaveLength(599);
    expect(statuses.slice(-2)).toEqual([429, 429]);
  });

  it('leaves out a coupon deleted before the write and writes the rest', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const { token, store, couponIds } = await liveStore(app, staff, [
      { description: 'Kept' },
      { description: 'Deleted' },
    ]);
    const [kept = 0, deleted = 0] = couponIds;
    await event(batching, store.slug, 20);
    expect((await call(app, 'DELETE', `/api/v1/coupons/${deleted}`, { token })).statusCode).toBe(
      204,
    );
    await batching.storePages.counts.flush();
    expect(batching.storePages.counts.held()).toBe(0);
    expect(await statsOf(token)).toEqual([{ coupon: kept, views: 1, reveals: 0, clicks: 0 }]);
  });

  it('writes what it holds when the app closes, as on SIGTERM', async () => {
    const { instance: closing, token, store, couponIds } = await instanceWithStore(60_000);
    for (let visitor = 30; visitor < 33; visitor += 1) await event(closing, store.slug, visitor);
    await event(closing, store.slug, 30, { type: 'reveal', coupon: String(couponIds[0]) });
    expect(closing.storePages.counts.held()).toBe(4);
    await closing.close();
    expect(await statsOf(token)).toEqual([
      { coupon: couponIds[0], views: 3, reveals: 1, clicks: 0 },
    ]);
  });
});
