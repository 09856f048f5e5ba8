import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type {
  BillingDetails,
  CouponStatsList,
  Insights,
  LegacyPaymentMethod,
  MailPreferences,
  PaymentMethod,
} from '@cc/contract';
import { buildApp } from '../src/app';
import { billingDetails, billingPaymentMethods } from '../src/billing/schema';
import { ownerReadCache } from '../src/core/cache/owner-reads';
import type { StoreCache } from '../src/core/data/store-changes';
import { mailPreferences } from '../src/lifecycle-mail/schema';
import { GOOD_CARD, merchant, subscribe } from './fakes/checkout-browser';
import { call, dayOffset, describeEachDatabase, secondInstance, testEnv, until } from './helpers';
import { drivenStoreChanges } from './listening';
import { liveStore, staffToken } from './review-fixtures';

describeEachDatabase("an owner's details and counts held per instance until they change", (ctx) => {
  const second = secondInstance(ctx);

  const read = async <T>(
    app: FastifyInstance,
    token: string,
    path: string,
    query?: Record<string, string>,
  ) => {
    const response = await call(app, 'GET', path, { token, ...(query ? { query } : {}) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  const heldAnswers = (app: FastifyInstance) => app.caches.stats().owner_reads?.hits ?? 0;
  /** Reads `path` until the instance answers it from memory (a late notification of the set-up may drop the first copy). */
  async function hold(
    app: FastifyInstance,
    token: string,
    path: string,
    query?: Record<string, string>,
  ) {
    const before = heldAnswers(app);
    await until(
      () => read(app, token, path, query),
      () => heldAnswers(app) > before,
    );
    expect(heldAnswers(app)).toBeGreaterThan(before);
  }

  it('shows billing details, mail preferences and cards written straight into the database at the next call, though they were held', async () => {
    const { app } = ctx();
    const m = await merchant(app);
    const token = await m.token();
    await subscribe(app, token);
    const storeId = (await read<{ store: { id: number } }>(app, token, '/api/v1/auth/me/')).store
      .id;

    await hold(app, token, '/api/v1/billing-details/');
    await app.db.insert(billingDetails).values({
      storeId,
      name: 'Written in SQL',
      addressLine1: '',
      addressLine2: '',
      city: '',
      postalCode: '',
      country: '',
      vatNumber: '',
      updatedAt: app.clock.now(),
    });
    const details = await until(
      () => read<BillingDetails>(app, token, '/api/v1/billing-details/'),
      (found) => found.billing_name === 'Written in SQL',
    );
    expect(details.billing_name).toBe('Written in SQL');

    await hold(app, token, '/api/v1/mail-preferences/');
    await app.db
      .update(mailPreferences)
      .set({ weeklySummary: false })
      .where(eq(mailPreferences.storeId, storeId));
    await app.db
      .insert(mailPreferences)
      .values({
        storeId,
        expiringCoupons: true,
        expiredCoupons: true,
        weeklySummary: false,
        updatedAt: app.clock.now(),
      })
      .onConflictDoNothing();
    const preferences = await until(
      () => read<MailPreferences>(app, token, '/api/v1/mail-preferences/'),
      (found) => found.weekly_summary === false,
    );
    expect(preferences.weekly_summary).toBe(false);

    const cards = await read<PaymentMethod[]>(app, token, '/api/v1/payment-methods/');
    expect(cards.length).toBeGreaterThan(0);
    await hold(app, token, '/api/v1/payment-methods/');
    await app.db
      .update(billingPaymentMethods)
      .set({ last4: '9999' })
      .where(eq(billingPaymentMethods.storeId, storeId));
    const changed = await until(
      () => read<PaymentMethod[]>(app, token, '/api/v1/payment-methods/'),
      (found) => found.every((card) => card.last4 === '9999'),
    );
    expect(changed.map((card) => card.last4)).toEqual(cards.map(() => '9999'));
  });

  it("shows a shopper's view, reveal and answer counted through another instance in Insights and the coupon stats at the next call", async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const { token, store, couponIds } = await liveStore(app, staff, [{ description: 'Counted' }]);
    const [coupon] = couponIds;
    const insights = () => read<Insights>(app, token, '/api/v1/insights/', { days: '7' });
    const stats = () => read<CouponStatsList>(app, token, '/api/v1/coupons/stats/');

    expect((await insights()).totals).toEqual({ views: 0, reveals: 0, clicks: 0 });
    expect((await stats()).results).toEqual([{ coupon, views: 0, reveals: 0, clicks: 0 }]);
    await hold(app, token, '/api/v1/insights/', { days: '7' });
    await hold(app, token, '/api/v1/coupons/stats/');

    const event = (type: string) =>
      call(second(), 'POST', `/stores/${store.slug}/events`, {
        query: { type, coupon: String(coupon) },
      });
    expect((await event('view')).statusCode).toBe(204);
    expect((await event('reveal')).statusCode).toBe(204);
    const answer = await second().inject({
      method: 'POST',
      url: `/stores/${store.slug}/feedback`,
      payload: { coupon, worked: true },
    });
    expect(answer.json()).toEqual({ counted: true });

    const counted = await until(
      insights,
      (found) => found.totals.reveals === 1 && found.coupons[0]?.feedback === 1,
    );
    expect(counted.totals).toEqual({ views: 1, reveals: 1, clicks: 0 });
    expect(counted.coupons[0]?.feedback).toBe(1);
    const countedStats = await until(stats, (found) => found.results[0]?.reveals === 1);
    expect(countedStats.results).toEqual([{ coupon, views: 1, reveals: 1, clicks: 0 }]);

    // A coupon edited on the other instance: its new description in Insights.
    await call(second(), 'PATCH', `/api/v1/coupons/${coupon}/`, {
      token,
      body: { description: 'Edited' },
    });
    const edited = await until(insights, (found) => found.coupons[0]?.description === 'Edited');
    expect(edited.coupons[0]?.description).toBe('Edited');
  });

  it('keeps nothing of a store for another owner: each reads their own, held or not', async () => {
    const { app } = ctx();
    const first = await merchant(app);
    const other = await merchant(app);
    const [a, b] = [await first.token(), await other.token()];
    await call(app, 'PUT', '/api/v1/billing-details/', {
      token: a,
      body: { billing_name: 'First Ltd' },
    });
    await call(app, 'PUT', '/api/v1/billing-details/', {
      token: b,
      body: { billing_name: 'Other Ltd' },
    });
    for (let round = 0; round < 2; round += 1) {
      expect((await read<BillingDetails>(app, a, '/api/v1/billing-details/')).billing_name).toBe(
        'First Ltd',
      );
      expect((await read<BillingDetails>(app, b, '/api/v1/billing-details/')).billing_name).toBe(
        'Other Ltd',
      );
    }
  });
});

describeEachDatabase(
  'an instance that has not heard the notification of its own write yet',
  (ctx) => {
    // Subscribed (so its copies are on) but deaf: only what the instance does itself can empty them.
    let deaf: FastifyInstance | undefined;
    beforeAll(async () => {
      const { database, clock } = ctx();
      deaf = await buildApp({
        database: {
          ...database,
          listen: (channel, handlers) =>
            database.listen(channel, { ...handlers, onNotify: () => undefined }),
        },
        clock,
        env: testEnv(),
        logger: false,
      });
      await deaf.ready();
    });
    afterAll(async () => {
      await deaf?.close();
    });

    it('answers the legacy card calls with the change they made, though the cards were held', async () => {
      const app = deaf as FastifyInstance;
      const m = await merchant(app);
      await subscribe(app, await m.token());
      await call(app, 'POST', '/api/v1/stripe-update-subscription/', {
        token: await m.token(),
        body: { status: 'canceled' },
      });
      // The cancellation ends the subscription at the end of the paid period.
      ctx().clock.advance(32 * 24 * 60 * 60 * 1000);
      await app.billing.runRenewals();
      await subscribe(app, await m.token(), { ...GOOD_CARD, card_number: '5555 5555 5555 4444' });
      const cards = async () =>
        (await call(app, 'GET', '/api/v1/payment-methods/', { token: await m.token() })).json<
          PaymentMethod[]
        >();
      const ids = Object.fromEntries((await cards()).map((card) => [card.last4, card.id]));
      await cards();
      expect(app.caches.stats().owner_reads?.hits).toBeGreaterThan(0);
      const listed = async (method: 'POST' | 'DELETE', url: string) => {
        const response = await call(app, method, url, { token: await m.token() });
        expect(response.statusCode, response.body).toBe(200);
        return response.json<LegacyPaymentMethod[]>().map((card) => [card.Last4, card.IsDefault]);
      };

      expect(
        await listed(
          'POST',
          `/api/Payment/SetDefaultMethod?merchantId=${m.store.id}&paymentMethod=${ids['4242']}`,
        ),
      ).toEqual([
        ['4242', true],
        ['4444', false],
      ]);
      expect(await listed('DELETE', `/api/Payment/Delete?paymentMethodId=${ids['4444']}`)).toEqual([
        ['4242', true],
      ]);
      expect((await cards()).map((card) => [card.last4, card.is_default])).toEqual([
        ['4242', true],
      ]);
    });
  },
);

it("store_changed hands a store's owner data ('d' and 'c' with its id) only to the caches that hold owner data, without emptying the others", async () => {
  const { watcher, notify } = await drivenStoreChanges();
  const other: StoreCache = {
    dropStore: vi.fn(),
    dropUser: vi.fn(),
    clear: vi.fn(),
    setEnabled: vi.fn(),
  };
  watcher.add(other);
  const reads = ownerReadCache(1024 * 1024);
  watcher.add(reads);
  const hold = (storeId: number) => reads.read(storeId, 'answer', async () => `store ${storeId}`);
  await hold(5);
  await hold(6);
  const held = () => reads.stats().entries;
  expect(held()).toBe(2);

  notify('d5');
  expect(held()).toBe(1);
  notify('c6');
  expect(held()).toBe(0);
  expect(other.dropStore).not.toHaveBeenCalled();
  expect(other.clear).not.toHaveBeenCalled();

  await hold(5);
  notify('5');
  expect(held()).toBe(0);
  expect(other.dropStore).toHaveBeenCalledWith(5);
  // Anything else it cannot read empties every cache.
  notify('x5');
  expect(other.clear).toHaveBeenCalledTimes(1);
  await watcher.stop();
});

describeEachDatabase('the owner data triggers (migration 0016)', (ctx) => {
  it('announce the store of a changed billing detail, card, preference, count or answer with its prefix', async () => {
    const { app, database } = ctx();
    const staff = await staffToken(app);
    const { store, couponIds } = await liveStore(app, staff);
    const heard: string[] = [];
    const subscription = await database.listen('store_changed', {
      onNotify: (payload) => heard.push(payload),
      onDown: () => undefined,
    });
    try {
      await app.db.insert(billingDetails).values({
        storeId: store.id,
        name: 'x',
        addressLine1: '',
        addressLine2: '',
        city: '',
        postalCode: '',
        country: '',
        vatNumber: '',
        updatedAt: app.clock.now(),
      });
      await app.db.execute(
        sql`insert into coupon_daily_stats (coupon_id, day, views, reveals, clicks) values (${couponIds[0]}, ${dayOffset(app.clock, 0)}, 1, 0, 0)`,
      );
      await until(
        async () => heard.length,
        (count) => count >= 2,
      );
      expect(heard).toContain(`d${store.id}`);
      expect(heard).toContain(`c${store.id}`);
      expect(heard).not.toContain(String(store.id));
    } finally {
      await subscription.close();
    }
  });
});
