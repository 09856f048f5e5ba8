import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import type { ClientId } from '@cc/config';
import type { AuthTokens, Insights, Store } from '@cc/contract';
import {
  call,
  couponBody,
  dayOffset,
  describeEachDatabase,
  register,
  storeBody,
  uniqueEmail,
  type MovableClock,
} from './helpers';
import { staffToken, subscribe } from './review-fixtures';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type LiveStore = { token: string; store: Store; couponIds: number[] };

/** A merchant of `client` (registered on that brand) with a live store: coupons running for 120 days each way, approved and paid. */
async function brandStore(
  app: FastifyInstance,
  staff: string,
  client: ClientId,
  coupons: Record<string, unknown>[] = [{}],
): Promise<LiveStore> {
  const headers = { 'x-site-key': String(client) };
  const registered = await call(app, 'POST', '/api/v1/auth/email-register/', {
    headers,
    body: {
      email: uniqueEmail(),
      password: 'shop-secret-123',
      siteId: client,
      type: 2,
      first_name: 'N/A',
      last_name: 'N/A',
    },
  });
  if (registered.statusCode !== 201)
    throw new Error(`register failed: ${registered.statusCode} ${registered.body}`);
  const { token } = registered.json<AuthTokens>();
  const created = await call(app, 'POST', '/api/v1/stores/', {
    token,
    headers,
    body: { ...storeBody(), client },
  });
  if (created.statusCode !== 201)
    throw new Error(`store failed: ${created.statusCode} ${created.body}`);
  const store = created.json<Store>();
  const couponIds: number[] = [];
  for (const overrides of coupons) {
    const body = couponBody(app.clock, {
      start_date: dayOffset(app.clock, -120),
      expiration_date: dayOffset(app.clock, 120),
      ...overrides,
      store: store.id,
    });
    const response = await call(app, 'POST', '/api/v1/coupons/', { token, headers, body });
    if (response.statusCode !== 201)
      throw new Error(`coupon failed: ${response.statusCode} ${response.body}`);
    couponIds.push(response.json<{ id: number }>().id);
  }
  await subscribe(app, store.id, 'active');
  const approved = await call(app, 'POST', `/api/v1/review/stores/${store.id}/approve/`, {
    token: staff,
  });
  if (approved.statusCode !== 200)
    throw new Error(`approve failed: ${approved.statusCode} ${approved.body}`);
  return { token, store, couponIds };
}

/** A shopper on the public store page, through the real counter endpoints. */
function shopper(app: FastifyInstance, slug: string, remoteAddress: string) {
  const send = (method: 'GET' | 'POST', url: string, query: Record<string, string> = {}) =>
    app.inject({
      method,
      url,
      query,
      remoteAddress,
      headers: { 'user-agent': 'Mozilla/5.0 Insights test' },
    });
  return {
    view: async () =>
      expect((await send('POST', `/stores/${slug}/events`, { type: 'view' })).statusCode).toBe(204),
    reveal: async (coupon: number) =>
      expect(
        (await send('POST', `/stores/${slug}/events`, { type: 'reveal', coupon: String(coupon) }))
          .statusCode,
      ).toBe(204),
    click: async (coupon: number) =>
      expect((await send('GET', `/stores/${slug}/go/${coupon}`)).statusCode).toBe(302),
  };
}

/** Runs `fn` with the clock moved by `ms`, then moves it back. */
async function at(clock: MovableClock, ms: number, fn: () => Promise<void>) {
  clock.advance(ms);
  try {
    await fn();
  } finally {
    clock.advance(-ms);
  }
}

const insightsOf = async (app: FastifyInstance, { token, store }: LiveStore, days?: number) => {
  const headers = { 'x-site-key': String(store.client) };
  const query: Record<string, string> = days === undefined ? {} : { days: String(days) };
  const response = await call(app, 'GET', '/api/v1/insights/', { token, headers, query });
  expect(response.statusCode).toBe(200);
  return response.json<Insights>();
};

const zeros = { views: 0, reveals: 0, clicks: 0 };

describeEachDatabase("insights: the owner's daily views, code reveals and clicks", (ctx) => {
  it('counts each UTC day apart across midnight, shows days without visits as zeros, and sums per coupon', async () => {
    const { app, clock } = ctx();
    // To 23:55 UTC of the clock's day (or the next one): counts land on both sides of midnight.
    const now = clock.now().getTime();
    clock.advance((((23 * HOUR + 55 * MINUTE - (now % DAY)) % DAY) + DAY) % DAY);
    const staff = await staffToken(app);
    const live = await brandStore(app, staff, 7, [
      {
        description: 'Half price, all boots',
        destination_coupon_url: 'https://shop.example.com/a',
      },
      { description: 'Free delivery', destination_coupon_url: 'https://shop.example.com/b' },
    ]);
    const { store, couponIds } = live;
    const [a = 0, b = 0] = couponIds;
    const before = dayOffset(clock, 0);

    const ann = shopper(app, store.slug, '198.51.100.1');
    await ann.view();
    await ann.reveal(a);
    await ann.click(a);
    // Ten minutes later it is 00:05 the next UTC day (the session still good): Ann counts again, and Bob comes.
    clock.advance(10 * MINUTE);
    const after = dayOffset(clock, 0);
    expect(after).not.toBe(before);
    await ann.view();
    const bob = shopper(app, store.slug, '198.51.100.2');
    await bob.view();
    await bob.reveal(b);
    await bob.click(b);

    const week = await insightsOf(app, live, 7);
    expect(week).toMatchObject({ days: 7, from: dayOffset(clock, -6), to: after });
    expect(week.daily.map((d) => d.day)).toEqual(
      [-6, -5, -4, -3, -2, -1, 0].map((n) => dayOffset(clock, n)),
    );
    expect(week.daily.slice(0, 5)).toEqual(
      [-6, -5, -4, -3, -2].map((n) => ({ day: dayOffset(clock, n), ...zeros })),
    );
    expect(week.daily.slice(5)).toEqual([
      { day: before, views: 2, reveals: 1, clicks: 1 },
      { day: after, views: 4, reveals: 1, clicks: 1 },
    ]);
    expect(week.totals).toEqual({ views: 6, reveals: 2, clicks: 2 });
    expect(week.coupons).toEqual([
      {
        coupon: a,
        headline: '20% OFF',
        description: 'Half price, all boots',
        views: 3,
        reveals: 1,
        clicks: 1,
        ctr: 1 / 3,
        feedback: null,
      },
      {
        coupon: b,
        headline: '20% OFF',
        description: 'Free delivery',
        views: 3,
        reveals: 1,
        clicks: 1,
        ctr: 1 / 3,
        feedback: null,
      },
    ]);
  });

  it('reads the last 7, 30 or 90 days (30 when not asked), and refuses any other window as a field error', async () => {
    const { app, clock } = ctx();
    const staff = await staffToken(app);
    const live = await brandStore(app, staff, 7);
    const { token, store, couponIds } = live;
    const [coupon = 0] = couponIds;
    // One view each: today, 6, 7, 29, 30, 89 and 90 days ago, from a shopper of its own.
    for (const [i, daysAgo] of [0, 6, 7, 29, 30, 89, 90].entries()) {
      await at(clock, -daysAgo * DAY, () => shopper(app, store.slug, `203.0.113.${i + 1}`).view());
    }
    const viewsIn = (insights: Insights) => insights.daily.reduce((sum, d) => sum + d.views, 0);

    const week = await insightsOf(app, live, 7);
    expect([week.daily.length, viewsIn(week), week.totals.views, week.coupons[0]?.views]).toEqual([
      7, 2, 2, 2,
    ]);
    const month = await insightsOf(app, live, 30);
    expect([month.daily.length, viewsIn(month), month.from]).toEqual([
      30,
      4,
      dayOffset(clock, -29),
    ]);
    expect(await insightsOf(app, live)).toEqual(month);
    const quarter = await insightsOf(app, live, 90);
    expect([quarter.daily.length, viewsIn(quarter), quarter.from, quarter.to]).toEqual([
      90,
      6,
      dayOffset(clock, -89),
      dayOffset(clock, 0),
    ]);
    expect(quarter.coupons).toEqual([
      expect.objectContaining({ coupon, views: 6, reveals: 0, clicks: 0, ctr: 0, feedback: null }),
    ]);

    for (const days of ['14', '0', 'week', '']) {
      const refused = await call(app, 'GET', '/api/v1/insights/', { token, query: { days } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ days: [expect.any(String)] });
    }
    const csv = await call(app, 'GET', '/api/v1/insights/daily.csv', {
      token,
      query: { days: '365' },
    });
    expect([csv.statusCode, csv.json()]).toEqual([400, { days: ['Select a valid choice.'] }]);
  });

  it("keeps brands apart: a store of client 7 and one of client 8 never see each other's counts", async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const uk = await brandStore(app, staff, 7);
    const us = await brandStore(app, staff, 8, [
      { savings_amount: '15', savings_percent: null, offer_type: 'sitewide_amount', title: '' },
    ]);
    expect(us.store.client).toBe(8);
    const visitor = shopper(app, us.store.slug, '192.0.2.50');
    await visitor.view();
    await visitor.reveal(us.couponIds[0] ?? 0);

    const ukInsights = await insightsOf(app, uk, 7);
    expect(ukInsights.totals).toEqual(zeros);
    expect(ukInsights.coupons.map((c) => c.coupon)).toEqual(uk.couponIds);
    expect(ukInsights.coupons[0]).toMatchObject({ ...zeros, ctr: null });
    const usInsights = await insightsOf(app, us, 7);
    expect(usInsights.totals).toEqual({ views: 1, reveals: 1, clicks: 0 });
    expect(usInsights.coupons).toEqual([
      expect.objectContaining({ coupon: us.couponIds[0], headline: '$15 OFF', views: 1, ctr: 0 }),
    ]);
    // A US merchant's session is not one on the UK site.
    const crossed = await call(app, 'GET', '/api/v1/insights/', {
      token: us.token,
      headers: { 'x-site-key': '7' },
    });
    expect(crossed.statusCode).toBe(401);
  });

  it("is the owner's only: no token 401, no store 404 like the other store calls, and no query reaches another store", async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const owner = await brandStore(app, staff, 7);
    await shopper(app, owner.store.slug, '192.0.2.60').view();
    const other = await brandStore(app, staff, 7);
    const theirs = await call(app, 'GET', '/api/v1/insights/', {
      token: other.token,
      query: { days: '7', store: String(owner.store.id) },
    });
    expect(theirs.json<Insights>().totals).toEqual(zeros);
    expect(theirs.json<Insights>().coupons.map((c) => c.coupon)).toEqual(other.couponIds);

    for (const url of [
      '/api/v1/insights/',
      '/api/v1/insights/daily.csv',
      '/api/v1/insights/coupons.csv',
    ]) {
      expect((await call(app, 'GET', url)).statusCode).toBe(401);
      const { token } = await register(app);
      const none = await call(app, 'GET', url, { token });
      expect([none.statusCode, none.json()]).toEqual([
        404,
        { message: 'Not found.', detail: 'Not found.' },
      ]);
    }
  });
});
