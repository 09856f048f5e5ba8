import { afterAll, expect, it } from 'vitest';
import type {
  AccountActivityEntry,
  CardUpdateResponse,
  Paginated,
  PaymentMethod,
  Transaction,
  User,
} from '@cc/contract';
import { call, describeEachDatabase } from './helpers';
import { merchant, type Merchant } from './fakes/checkout-browser';
import { deliver, startFakeStripe, stripeBillingEnv } from './fakes/stripe-api';

const fake = await startFakeStripe();
afterAll(() => fake.close());

describeEachDatabase(
  'billing: card update, cancel at period end and resume with Stripe',
  (ctx) => {
    /** A Stripe checkout for the merchant's store, told to the webhook. */
    async function paidThroughStripe(m: Merchant, failsCharges = false) {
      const customer = fake.customer();
      const card = fake.card(customer, '4242', true, failsCharges);
      const subscription = fake.subscription(customer, 'active');
      fake.invoice(subscription, true);
      const checkout = fake.checkout({
        clientReferenceId: String(m.store.id),
        customer,
        subscription,
      });
      expect(
        (await deliver(ctx().app, fake.event('checkout.session.completed', checkout))).statusCode,
      ).toBe(200);
      return { customer, subscription, card };
    }
    const me = async (m: Merchant) =>
      (await call(ctx().app, 'GET', '/api/v1/auth/me/', { token: await m.token() })).json<User>();
    const update = async (m: Merchant, status: string) =>
      call(ctx().app, 'POST', '/api/v1/stripe-update-subscription/', {
        token: await m.token(),
        body: { status },
      });
    const activity = async (m: Merchant) =>
      (await call(ctx().app, 'GET', '/api/v1/account/activity/', { token: await m.token() })).json<
        AccountActivityEntry[]
      >();
    const cards = async (m: Merchant) =>
      (await call(ctx().app, 'GET', '/api/v1/payment-methods/', { token: await m.token() })).json<
        PaymentMethod[]
      >();
    /** POST /billing/card-update/, answering the Checkout Session it opened at the fake. */
    async function cardSession(m: Merchant) {
      const response = await call(ctx().app, 'POST', '/api/v1/billing/card-update/', {
        token: await m.token(),
      });
      expect(response.statusCode, response.body).toBe(200);
      const { url } = response.json<CardUpdateResponse>();
      expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
      return String(url.split('/').pop());
    }

    it('cancels with cancel_at_period_end, then resumes the same subscription without a charge', async () => {
      const { app } = ctx();
      const m = await merchant(app);
      const { subscription } = await paidThroughStripe(m);
      const canceled = await update(m, 'canceled');
      expect(canceled.json()).toEqual({
        status: 'canceled',
        start_date: fake.get(subscription)?.start_date,
        canceled_at: fake.get(subscription)?.canceled_at,
        current_period_end: fake.periodEnd(subscription),
        cancel_at_period_end: true,
      });
      const resumed = await update(m, 'active');
      expect(resumed.statusCode).toBe(200);
      expect(fake.get(subscription)).toMatchObject({
        status: 'active',
        cancel_at_period_end: false,
        canceled_at: null,
      });
      expect(resumed.json()).toMatchObject({
        status: 'active',
        canceled_at: null,
        cancel_at_period_end: false,
      });
      expect((await me(m)).store?.stripe_subscription?.start_date).toBe(
        fake.get(subscription)?.start_date,
      );
      const txns = (
        await call(app, 'GET', '/api/v1/coupon-center-transactions/', { token: await m.token() })
      ).json<Paginated<Transaction>>();
      expect(txns.count).toBe(1);
    });

    it("opens a setup-mode Checkout for the store's customer; its completion makes the new card the default", async () => {
      const { app } = ctx();
      const m = await merchant(app);
      const { customer, subscription, card: old } = await paidThroughStripe(m);
      // The fake processor is shared by the file's suites: only this test's requests count.
      const sent = fake.requests.length;
      const sessionId = await cardSession(m);
      expect(fake.get(sessionId)).toMatchObject({
        mode: 'setup',
        customer,
        client_reference_id: String(m.store.id),
        success_url: 'http://localhost:4007/payment',
        cancel_url: 'http://localhost:4007/payment',
      });
      const card = fake.completeSetup(sessionId, '5556');
      const completed = fake.event('checkout.session.completed', sessionId);
      expect((await deliver(app, completed)).statusCode).toBe(200);
      expect(fake.get(customer)?.invoice_settings).toEqual({ default_payment_method: card });
      expect(fake.get(subscription)?.default_payment_method).toBe(card);
      expect(fake.requests).toContain(`POST /v1/payment_methods/${old}/detach`);
      expect((await cards(m)).map((c) => [c.last4, c.is_default])).toEqual([['5556', true]]);
      expect(fake.requests.slice(sent).some((r) => r.startsWith('POST /v1/invoices/'))).toBe(false);
      // The change is in the merchant's "Recent activity", once: Stripe's retry of the event changes nothing.
      expect(
        (await activity(m)).filter((entry) => entry.action === 'billing.card_updated'),
      ).toHaveLength(1);
      expect((await deliver(app, completed)).statusCode).toBe(200);
      expect(
        (await activity(m)).filter((entry) => entry.action === 'billing.card_updated'),
      ).toHaveLength(1);
    });

    it('past_due: the new card pays the open invoice at once and the subscription is active again', async () => {
      const { app } = ctx();
      const m = await merchant(app);
      const { subscription } = await paidThroughStripe(m, true);
      fake.advance(30 * 86400);
      const renewal = fake.invoice(subscription, false);
      fake.update(subscription, { status: 'past_due' });
      await deliver(app, fake.event('invoice.payment_failed', renewal));
      expect((await me(m)).store?.stripe_subscription?.status).toBe('past_due');

      // A card that is declined too: the invoice stays open, the subscription past_due.
      const declinedSession = await cardSession(m);
      fake.completeSetup(declinedSession, '0341', true);
      expect(
        (await deliver(app, fake.event('checkout.session.completed', declinedSession))).statusCode,
      ).toBe(200);
      expect(fake.get(renewal)?.status).toBe('open');
      expect((await me(m)).store?.stripe_subscription?.status).toBe('past_due');

      const sessionId = await cardSession(m);
      fake.completeSetup(sessionId, '4444');
      expect(
        (await deliver(app, fake.event('checkout.session.completed', sessionId))).statusCode,
      ).toBe(200);
      expect(fake.requests).toContain(`POST /v1/invoices/${renewal}/pay`);
      expect(fake.get(renewal)?.status).toBe('paid');
      expect((await me(m)).store?.stripe_subscription).toMatchObject({
        status: 'active',
        cancel_at_period_end: false,
      });
      const txns = (
        await call(app, 'GET', '/api/v1/coupon-center-transactions/', { token: await m.token() })
      ).json<Paginated<Transaction>>();
      expect(txns.count).toBe(2);
    });

    it("ignores a setup Checkout whose customer is not the named store's", async () => {
      const { app } = ctx();
      const [a, b] = [await merchant(app), await merchant(app)];
      const paidA = await paidThroughStripe(a);
      await paidThroughStripe(b);
      const sessionId = await cardSession(b);
      // The session names store a, but holds b's customer.
      fake.update(sessionId, { client_reference_id: String(a.store.id) });
      fake.completeSetup(sessionId, '9999');
      expect(
        (await deliver(app, fake.event('checkout.session.completed', sessionId))).statusCode,
      ).toBe(200);
      expect(fake.get(paidA.customer)?.invoice_settings).toEqual({
        default_payment_method: paidA.card,
      });
      expect((await cards(a)).map((c) => c.last4)).toEqual(['4242']);
    });
  },
  { env: { billing: stripeBillingEnv(fake) } },
);
