import { expect, it } from 'vitest';
import { MESSAGES, type Paginated, type Transaction, type User } from '@cc/contract';
import { addMonths } from '../src/billing/local-provider';
import { call, describeEachDatabase } from './helpers';
import { merchant, subscribe, type Merchant } from './fakes/checkout-browser';
import { mailsTo } from './lifecycle-mail-fixtures';
import { staffToken } from './review-fixtures';

const DAY = 24 * 60 * 60 * 1000;
const unix = (date: Date) => Math.floor(date.getTime() / 1000);

describeEachDatabase(
  'billing: "Yes, cancel" ends the subscription at the end of the paid period',
  (ctx) => {
    const me = async (m: Merchant) =>
      (await call(ctx().app, 'GET', '/api/v1/auth/me/', { token: await m.token() })).json<User>();
    const cancel = async (m: Merchant, status = 'canceled') =>
      call(ctx().app, 'POST', '/api/v1/stripe-update-subscription/', {
        token: await m.token(),
        body: { status },
      });
    const page = (slug: string) => call(ctx().app, 'GET', `/stores/${slug}`);

    /** A merchant who paid through the local checkout and whose store staff approved: the page is live. */
    async function livePaid(): Promise<Merchant> {
      const { app } = ctx();
      const m = await merchant(app);
      await subscribe(app, await m.token());
      const approved = await call(app, 'POST', `/api/v1/review/stores/${m.store.id}/approve/`, {
        token: await staffToken(app),
      });
      expect(approved.statusCode, approved.body).toBe(200);
      expect((await page(m.store.slug)).statusCode).toBe(200);
      return m;
    }

    it('shows canceled with the day it was asked, and the day the page stays live until; the page goes offline at that second', async () => {
      const { app, clock } = ctx();
      const m = await livePaid();
      const start = clock.now();
      const periodEnd = addMonths(start, 1);
      clock.advance(3 * DAY);
      const canceledAt = unix(clock.now());

      const response = await cancel(m);
      expect(response.statusCode).toBe(200);
      const ending = {
        status: 'canceled',
        start_date: unix(start),
        canceled_at: canceledAt,
        current_period_end: unix(periodEnd),
        cancel_at_period_end: true,
      };
      expect(response.json()).toEqual(ending);
      expect((await me(m)).store?.stripe_subscription).toEqual(ending);
      const store = await call(app, 'GET', `/api/v1/stores/${m.store.id}/`, {
        token: await m.token(),
      });
      expect(store.json<{ stripe_subscription: unknown }>().stripe_subscription).toEqual(ending);
      // Asking again changes nothing.
      expect((await cancel(m)).json()).toEqual(ending);

      // The month is paid: the page stays live until the period's end, not a second longer.
      expect((await page(m.store.slug)).statusCode).toBe(200);
      // The legacy catalogue decides the same way.
      const catalogue = () => call(app, 'GET', `/api/Merchant/id/${m.store.id}`);
      clock.advance(periodEnd.getTime() - clock.now().getTime() - 1000);
      expect((await page(m.store.slug)).statusCode).toBe(200);
      expect((await catalogue()).statusCode).toBe(200);
      clock.advance(1000);
      const offline = await page(m.store.slug);
      expect(offline.statusCode).toBe(404);
      expect(offline.body).toContain('Page not found');
      expect((await catalogue()).statusCode).toBe(404);
    });

    it('the renewal job ends it at the period end instead of charging, and only then mails that it was cancelled', async () => {
      const { app, clock } = ctx();
      const m = await livePaid();
      const periodEnd = addMonths(clock.now(), 1);
      await cancel(m);
      expect(await mailsTo(app, m.email, 'subscription_canceled')).toEqual([]);
      clock.advance(periodEnd.getTime() - clock.now().getTime() + 60_000);
      // (Other tests' subscriptions share this database: the count is not this one's alone.)
      expect(await app.billing.runRenewals()).toBeGreaterThan(0);
      const txns = (
        await call(app, 'GET', '/api/v1/coupon-center-transactions/', { token: await m.token() })
      ).json<Paginated<Transaction>>();
      expect(txns.count).toBe(1);
      expect((await me(m)).store?.stripe_subscription).toMatchObject({
        status: 'canceled',
        current_period_end: unix(periodEnd),
        cancel_at_period_end: false,
      });
      expect(await mailsTo(app, m.email, 'subscription_canceled')).toHaveLength(1);
      expect((await page(m.store.slug)).statusCode).toBe(404);
      // Nothing more happens on later runs.
      clock.advance(40 * DAY);
      expect(await app.billing.runRenewals()).toBe(0);
    });

    it('a subscription that is not paid up (past_due) ends at once: there is no paid period to keep', async () => {
      const { app, clock } = ctx();
      const m = await merchant(app);
      await subscribe(app, await m.token(), {
        card_number: '4000 0000 0000 0341',
        expiry: `12/${String((clock.now().getUTCFullYear() + 3) % 100).padStart(2, '0')}`,
        cvc: '123',
        name: 'A B',
      });
      clock.advance(32 * DAY);
      await app.billing.runRenewals();
      expect((await me(m)).store?.stripe_subscription?.status).toBe('past_due');
      const response = await cancel(m);
      expect(response.json()).toMatchObject({
        status: 'canceled',
        canceled_at: unix(clock.now()),
        cancel_at_period_end: false,
      });
    });

    it('answers 400 for another status, 404 without a subscription, and 401 without a token; nothing changes', async () => {
      const { app } = ctx();
      const m = await livePaid();
      for (const status of ['paused', 'CANCELED', '']) {
        const response = await cancel(m, status);
        expect(response.statusCode, status).toBe(400);
        expect(response.json()).toEqual({ status: [MESSAGES.invalidSubscriptionStatus] });
      }
      for (const body of [
        { status: 1 },
        { status: 'canceled\u0000' },
        { status: 'x'.repeat(2_000_000) },
      ]) {
        const refused = await call(app, 'POST', '/api/v1/stripe-update-subscription/', {
          token: await m.token(),
          body,
        });
        expect(refused.statusCode).toBeGreaterThanOrEqual(400);
        expect(refused.statusCode).toBeLessThan(500);
      }
      expect((await me(m)).store?.stripe_subscription).toMatchObject({
        status: 'active',
        cancel_at_period_end: false,
      });
      const other = await merchant(app);
      expect((await cancel(other)).statusCode).toBe(404);
      expect(
        (
          await call(app, 'POST', '/api/v1/stripe-update-subscription/', {
            body: { status: 'canceled' },
          })
        ).statusCode,
      ).toBe(401);
      expect((await me(m)).store?.stripe_subscription?.status).toBe('active');
    });
  },
);
