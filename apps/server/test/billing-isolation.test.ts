import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { Paginated, PaymentMethod, Plan, Transaction, User } from '@cc/contract';
import { call, describeEachDatabase, freshDatabase, movableClock, testEnv } from './helpers';
import {
  GOOD_CARD,
  merchant,
  openLink,
  pathOf,
  planOf,
  submitCard,
  subscribe,
} from './fakes/checkout-browser';

const HOUR = 60 * 60 * 1000;

describeEachDatabase(
  'billing: each merchant sees only their own billing; links and sessions cannot be forged',
  (ctx) => {
    it("never shows a merchant another merchant's transactions, cards or receipts list", async () => {
      const { app } = ctx();
      const [a, b] = [await merchant(app), await merchant(app)];
      await subscribe(app, await a.token());
      const [tokenA, tokenB] = [await a.token(), await b.token()];
      const own = (
        await call(app, 'GET', '/api/v1/coupon-center-transactions/', { token: tokenA })
      ).json<Paginated<Transaction>>();
      expect(own.count).toBe(1);
      expect(
        (await call(app, 'GET', '/api/v1/coupon-center-transactions/', { token: tokenB })).json(),
      ).toEqual({
        count: 0,
        next: null,
        previous: null,
        results: [],
      });
      const cardsA = (await call(app, 'GET', '/api/v1/payment-methods/', { token: tokenA })).json<
        PaymentMethod[]
      >();
      expect(cardsA).toHaveLength(1);
      expect(
        (await call(app, 'GET', '/api/v1/payment-methods/', { token: tokenB })).json(),
      ).toEqual([]);
      expect(
        (
          await call(app, 'GET', `/api/v1/payment-methods/?websiteId=${a.store.id}`, {
            token: tokenB,
          })
        ).json(),
      ).toEqual([]);
      expect(
        (await call(app, 'DELETE', `/api/v1/payment-methods/${cardsA[0]?.id}/`, { token: tokenB }))
          .statusCode,
      ).toBe(404);
      const userB = (await call(app, 'GET', '/api/v1/auth/me/', { token: tokenB })).json<User>();
      expect([userB.coupon_center_txn, userB.store?.stripe_subscription]).toEqual([null, null]);
      const cancelB = await call(app, 'POST', '/api/v1/stripe-update-subscription/', {
        token: tokenB,
        body: { status: 'canceled' },
      });
      expect(cancelB.statusCode).toBe(404);
      expect(
        (await call(app, 'GET', '/api/v1/auth/me/', { token: tokenA })).json<User>().store
          ?.stripe_subscription?.status,
      ).toBe('active');
    });

    it('requires a signed-in merchant for every billing call', async () => {
      const { app } = ctx();
      for (const [method, url] of [
        ['GET', '/api/v1/coupon-center-plans/?client=7'],
        ['GET', '/api/v1/coupon-center-transactions/'],
        ['GET', '/api/v1/payment-methods/'],
        ['DELETE', '/api/v1/payment-methods/pm_x/'],
        ['POST', '/api/v1/stripe-update-subscription/'],
      ] as const) {
        expect(
          (
            await call(app, method, url, {
              body: method === 'POST' ? { status: 'canceled' } : undefined,
            })
          ).statusCode,
        ).toBe(401);
      }
      const token = await (await merchant(app)).token();
      const badClient = await call(app, 'GET', '/api/v1/coupon-center-plans/?client=3', { token });
      expect(badClient.statusCode).toBe(400);
      expect(badClient.json()).toEqual({ client: ['Select a valid choice.'] });
    });

    it('refuses a payment link edited to pay for another store, or one that expired', async () => {
      const { app, clock } = ctx();
      const [a, b] = [await merchant(app), await merchant(app)];
      const link = new URL((await planOf(app, await b.token())).payment_link.url);
      link.searchParams.set('client_reference_id', String(a.store.id));
      const forged = await app.inject({ method: 'GET', url: pathOf(link.toString()) });
      expect(forged.statusCode).toBe(400);
      expect(forged.body).toContain('This payment link is not valid');
      const unsigned = new URL(link);
      unsigned.searchParams.delete('signature');
      expect(
        (await app.inject({ method: 'GET', url: pathOf(unsigned.toString()) })).statusCode,
      ).toBe(400);

      const fresh = (await planOf(app, await b.token())).payment_link.url;
      clock.advance(8 * 24 * HOUR);
      expect((await app.inject({ method: 'GET', url: pathOf(fresh) })).statusCode).toBe(400);
    });

    it('answers 404 for unknown sessions and receipts and closes a checkout after 24 hours', async () => {
      const { app, clock } = ctx();
      const m = await merchant(app);
      expect(
        (await app.inject({ method: 'GET', url: '/checkout/sessions/not-a-session' })).statusCode,
      ).toBe(404);
      expect(
        (await app.inject({ method: 'GET', url: '/checkout/receipts/not-a-receipt' })).statusCode,
      ).toBe(404);
      const session = await openLink(app, (await planOf(app, await m.token())).payment_link.url);
      clock.advance(25 * HOUR);
      expect((await app.inject({ method: 'GET', url: session })).statusCode).toBe(410);
      expect((await submitCard(app, session, GOOD_CARD)).statusCode).toBe(409);
      const token = await m.token();
      expect(
        (await call(app, 'GET', '/api/v1/coupon-center-transactions/', { token })).json(),
      ).toMatchObject({ count: 0 });
    });

    it('charges once when the same checkout is submitted twice at the same moment', async () => {
      const { app } = ctx();
      const m = await merchant(app);
      const plan: Plan = await planOf(app, await m.token());
      const session = await openLink(app, plan.payment_link.url);
      const answers = await Promise.all([
        submitCard(app, session, GOOD_CARD),
        submitCard(app, session, GOOD_CARD),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([303, 303]);
      const token = await m.token();
      expect(
        (await call(app, 'GET', '/api/v1/coupon-center-transactions/', { token })).json(),
      ).toMatchObject({ count: 1 });
    });

    it('renews each due period once even when two instances run the job together', async () => {
      const { app, clock } = ctx();
      const m = await merchant(app);
      await subscribe(app, await m.token());
      clock.advance(32 * 24 * HOUR);
      const runs = await Promise.all([
        app.billing.runRenewals(),
        app.billing.runRenewals(),
        app.billing.runRenewals(),
      ]);
      expect(runs.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(1);
      const token = await m.token();
      expect(
        (await call(app, 'GET', '/api/v1/coupon-center-transactions/', { token })).json(),
      ).toMatchObject({ count: 2 });
    });

    it('brands the plan, checkout and receipt per client: PromoPulse (8) pays $24.99 on its own origin', async () => {
      const { app } = ctx();
      const m = await merchant(app, 8);
      const token = await m.token();
      const plan = await planOf(app, token, 8);
      expect(plan).toMatchObject({
        id: 'price_local_us-promo',
        name: 'PromoPulse Merchant Page',
        price: { currency: 'usd', unit_amount: 2499 },
      });
      expect(new URL(plan.payment_link.url).origin).toBe('http://localhost:4008');
      const session = await openLink(app, plan.payment_link.url);
      const form = await app.inject({ method: 'GET', url: session });
      for (const text of ['PromoPulse', '$24.99', '#b3340b']) expect(form.body).toContain(text);
      const paid = await submitCard(app, session, GOOD_CARD);
      const receipt = await app.inject({ method: 'GET', url: String(paid.headers.location) });
      expect(receipt.body).toContain('$24.99');
      expect(receipt.body).toContain('href="http://localhost:4008/payment"');
      // Another brand's plan never links a checkout for this store.
      expect((await planOf(app, token, 7, 8)).payment_link.url).toBe(
        'http://localhost:4007/my-store',
      );
    });

    it('has no Stripe webhook while the local provider is in use', async () => {
      const response = await ctx().app.inject({
        method: 'POST',
        url: '/api/v1/stripe-webhook/',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
        payload: '{}',
      });
      expect(response.statusCode).toBe(404);
    });
  },
);

describe('billing: the renewal tick of a running server', () => {
  it('charges due periods on its own every BILLING_RENEWAL_INTERVAL_MS', async () => {
    const database = await freshDatabase('pglite');
    const clock = movableClock();
    const env = testEnv({ billing: { provider: 'local', renewalIntervalMs: 20 } });
    const app = await buildApp({ database, clock, env, logger: false });
    try {
      await app.ready();
      const m = await merchant(app);
      await subscribe(app, await m.token());
      clock.advance(32 * 24 * HOUR);
      const token = await m.token();
      const count = async () =>
        (await call(app, 'GET', '/api/v1/coupon-center-transactions/', { token })).json<
          Paginated<Transaction>
        >().count;
      for (let i = 0; i < 100 && (await count()) < 2; i += 1)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await count()).toBe(2);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
