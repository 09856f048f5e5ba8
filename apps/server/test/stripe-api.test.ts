import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  type Paginated,
  type PaymentMethod,
  type Plan,
  type Transaction,
  type User,
} from '@cc/contract';
import { billingCustomers } from '../src/billing/schema';
import { EnvError, loadEnv } from '../src/core/platform/env';
import { call, describeEachDatabase } from './helpers';
import { merchant, pathOf, type Merchant } from './fakes/checkout-browser';
import {
  deliver,
  FAKE_WEBHOOK_SECRET,
  startFakeStripe,
  stripeBillingEnv,
} from './fakes/stripe-api';

const fake = await startFakeStripe();
afterAll(() => fake.close());

describeEachDatabase(
  'billing: the Stripe provider',
  (ctx) => {
    /** A Stripe checkout for the merchant's store, told to the webhook. */
    async function paidThroughStripe(m: Merchant, cards = ['4242']) {
      const customer = fake.customer();
      for (const last4 of cards) fake.card(customer, last4);
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
      return { customer, subscription };
    }
    const me = async (m: Merchant) =>
      (await call(ctx().app, 'GET', '/api/v1/auth/me/', { token: await m.token() })).json<User>();

    it('answers 400 to a bad, missing or foreign signature and changes nothing', async () => {
      const { app } = ctx();
      const m = await merchant(app);
      const customer = fake.customer();
      const subscription = fake.subscription(customer, 'active');
      const good = fake.event(
        'checkout.session.completed',
        fake.checkout({ clientReferenceId: String(m.store.id), customer, subscription }),
      );
      const tampered = {
        payload: good.payload.replace(String(m.store.id), '999999'),
        signature: good.signature,
      };
      const foreign = {
        payload: good.payload,
        signature: new Stripe('sk_test_x').webhooks.generateTestHeaderString({
          payload: good.payload,
          secret: 'whsec_other',
        }),
      };
      for (const event of [
        tampered,
        foreign,
        { payload: good.payload, signature: '' },
        { payload: good.payload, signature: 't=1,v1=abc' },
      ]) {
        const response = await deliver(app, event);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ non_field_errors: ['Invalid webhook signature.'] });
      }
      expect((await me(m)).store?.stripe_subscription).toBeNull();
      expect((await deliver(app, good)).statusCode).toBe(200);
      expect((await me(m)).store?.stripe_subscription?.status).toBe('active');
    });

    it('acknowledges an unknown event with 200 and ignores it', async () => {
      const before = fake.requests.length;
      const response = await deliver(ctx().app, fake.event('charge.refunded', 'ch_123'));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ received: true, type: 'charge.refunded' });
      expect(fake.requests.length).toBe(before);
    });

    it('handles an event id once: a replay changes nothing', async () => {
      const { app } = ctx();
      const m = await merchant(app);
      const { subscription } = await paidThroughStripe(m);
      const updated = fake.event('customer.subscription.updated', subscription);
      expect((await deliver(app, updated)).json()).toMatchObject({
        type: 'customer.subscription.updated',
      });
      fake.update(subscription, { status: 'past_due' });
      expect((await deliver(app, updated)).json()).toEqual({ received: true, type: 'duplicate' });
      expect((await me(m)).store?.stripe_subscription?.status).toBe('active');
    });

    const planLink = async (m: Merchant) =>
      (
        await call(ctx().app, 'GET', '/api/v1/coupon-center-plans/', { token: await m.token() })
      ).json<Plan[]>()[0]?.payment_link.url ?? '';
    /** Opens a payment link like a browser tab: answers the Stripe Checkout Session it was sent to. */
    async function openStripeLink(link: string) {
      const opened = await ctx().app.inject({ method: 'GET', url: pathOf(link) });
      expect(opened.statusCode, opened.body).toBe(303);
      const location = String(opened.headers.location);
      expect(location).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
      const session = fake.get(location.split('/').pop() ?? '');
      expect(session).toBeDefined();
      return session as { id: string; customer: string } & Record<string, unknown>;
    }
    const savedCustomers = async (m: Merchant) =>
      (
        await ctx()
          .app.db.select()
          .from(billingCustomers)
          .where(eq(billingCustomers.storeId, m.store.id))
      ).map((row) => row.providerCustomerId);
    const newCustomers = (before: string[]) =>
      fake.customerIds().filter((id) => !before.includes(id));

    it("serves the plan with the configured price id and a signed link on the brand's origin naming the merchant's store", async () => {
      const { app } = ctx();
      const m = await merchant(app);
      const plans = (
        await call(app, 'GET', '/api/v1/coupon-center-plans?client=7', { token: await m.token() })
      ).json<Plan[]>();
      expect(plans).toHaveLength(1);
      expect(plans[0]).toMatchObject({
        id: 'price_test_uk',
        price: { currency: 'gbp', unit_amount: 1999 },
      });
      const link = new URL(plans[0]?.payment_link.url ?? '');
      expect(link.origin + link.pathname).toBe(
        'http://localhost:4007/checkout/stripe/price_test_uk',
      );
      expect(link.searchParams.get('client_reference_id')).toBe(String(m.store.id));
      expect(link.searchParams.get('prefilled_email')).toBe(m.email);
      expect(link.searchParams.get('signature')).toBeTruthy();
      // Nothing is created at Stripe until the merchant opens the link.
      expect(await savedCustomers(m)).toEqual([]);
    });

    it("a first-time merchant's link creates one customer with the store's email and a Checkout bound to it", async () => {
      const { app } = ctx();
      const m = await merchant(app);
      const before = fake.customerIds();
      const session = await openStripeLink(await planLink(m));
      const created = newCustomers(before);
      expect(created).toEqual([session.customer]);
      expect(fake.get(session.customer)).toMatchObject({
        email: m.store.contact_email,
        metadata: { store_id: String(m.store.id), client: '7' },
      });
      const metadata = { store_id: String(m.store.id), client: '7' };
      expect(session).toMatchObject({
        mode: 'subscription',
        client_reference_id: String(m.store.id),
        line_items_price: 'price_test_uk',
        success_url: 'http://localhost:4007/payment',
        metadata,
        subscription_metadata: metadata,
      });
      expect(await savedCustomers(m)).toEqual([session.customer]);
      // Recording the customer writes no subscription state: only the webhook does.
      expect((await me(m)).store?.stripe_subscription).toBeNull();
    });

    it('keeps one customer per store when the link is opened twice, one after the other or at once', async () => {
      const { app } = ctx();
      const [a, b] = [await merchant(app), await merchant(app)];
      const before = fake.customerIds();
      const linkA = await planLink(a);
      const first = await openStripeLink(linkA);
      const again = await openStripeLink(linkA);
      expect(again.id).not.toBe(first.id);
      expect(again.customer).toBe(first.customer);
      expect(await savedCustomers(a)).toEqual([first.customer]);

      const linkB = await planLink(b);
      // Each create is held at Stripe long enough that all three pass the "no customer recorded yet" check.
      fake.delayCustomerCreates(150);
      const together = await Promise.all([
        openStripeLink(linkB),
        openStripeLink(linkB),
        openStripeLink(linkB),
      ]).finally(() => fake.delayCustomerCreates(0));
      const customerB = together[0]?.customer;
      expect(together.map((session) => session.customer)).toEqual([
        customerB,
        customerB,
        customerB,
      ]);
      expect(customerB).not.toBe(first.customer);
      expect(await savedCustomers(b)).toEqual([customerB]);
      expect(newCustomers(before).sort()).toEqual([first.customer, customerB].sort());
    });

    it('activates the subscription when Stripe reports the checkout the link opened as completed', async () => {
      const { app } = ctx();
      const m = await merchant(app);
      const link = await planLink(m);
      const session = await openStripeLink(link);
      const subscription = fake.subscription(session.customer, 'active');
      fake.card(session.customer);
      fake.invoice(subscription, true);
      fake.update(session.id, { status: 'complete', subscription });
      expect(
        (await deliver(app, fake.event('checkout.session.completed', session.id))).statusCode,
      ).toBe(200);
      expect((await me(m)).store?.stripe_subscription).toEqual({
        status: 'active',
        start_date: fake.get(subscription)?.start_date,
        canceled_at: null,
        current_period_end: fake.periodEnd(subscription),
        cancel_at_period_end: false,
      });
      expect(await savedCustomers(m)).toEqual([session.customer]);
      const txns = (
        await call(app, 'GET', '/api/v1/coupon-center-transactions/', { token: await m.token() })
      ).json<Paginated<Transaction>>();
      expect(txns.count).toBe(1);
      // Paid up: the link now says so instead of opening a second checkout.
      expect((await app.inject({ method: 'GET', url: pathOf(link) })).statusCode).toBe(409);
    });

    it('refuses a link that was edited to name another store, and creates nothing at Stripe', async () => {
      const { app } = ctx();
      const [a, b] = [await merchant(app), await merchant(app)];
      const link = new URL(await planLink(a));
      link.searchParams.set('client_reference_id', String(b.store.id));
      const before = fake.customerIds();
      expect((await app.inject({ method: 'GET', url: pathOf(link.toString()) })).statusCode).toBe(
        400,
      );
      expect(newCustomers(before)).toEqual([]);
      expect(await savedCustomers(b)).toEqual([]);
    });

    it('cancels at Stripe at the end of the period and answers the subscription Stripe reports', async () => {
      const { app } = ctx();
      const m = await merchant(app);
      const { subscription } = await paidThroughStripe(m);
      const response = await call(app, 'POST', '/api/v1/stripe-update-subscription/', {
        token: await m.token(),
        body: { status: 'canceled' },
      });
      expect(response.statusCode).toBe(200);
      expect(fake.requests).toContain(`POST /v1/subscriptions/${subscription}`);
      expect(fake.requests).not.toContain(`DELETE /v1/subscriptions/${subscription}`);
      expect(fake.get(subscription)).toMatchObject({
        status: 'active',
        cancel_at_period_end: true,
      });
      expect(response.json()).toEqual({
        status: 'canceled',
        start_date: fake.get(subscription)?.start_date,
        canceled_at: fake.get(subscription)?.canceled_at,
        current_period_end: fake.periodEnd(subscription),
        cancel_at_period_end: true,
      });
    });

    it('removes a card at Stripe, but never the last one', async () => {
      const { app } = ctx();
      const m = await merchant(app);
      const { customer } = await paidThroughStripe(m, ['4242', '1881']);
      const token = await m.token();
      const cards = (await call(app, 'GET', '/api/v1/payment-methods/', { token })).json<
        PaymentMethod[]
      >();
      expect(cards.map((c) => [c.last4, c.is_default])).toEqual([
        ['1881', true],
        ['4242', false],
      ]);
      const removed = cards.find((c) => c.is_default)?.id ?? '';
      expect(
        (await call(app, 'DELETE', `/api/v1/payment-methods/${removed}/`, { token })).statusCode,
      ).toBe(204);
      expect(fake.requests).toContain(`POST /v1/payment_methods/${removed}/detach`);
      const left = (await call(app, 'GET', '/api/v1/payment-methods/', { token })).json<
        PaymentMethod[]
      >();
      // The remaining card became the customer's default at Stripe, so renewals still have a card.
      expect(left.map((c) => [c.last4, c.is_default])).toEqual([['4242', true]]);
      expect(fake.get(customer)?.invoice_settings).toEqual({ default_payment_method: left[0]?.id });
      const last = await call(app, 'DELETE', `/api/v1/payment-methods/${left[0]?.id}/`, { token });
      expect(last.statusCode).toBe(400);
      expect(last.json()).toMatchObject({ message: MESSAGES.keepOnePaymentMethod });
    });

    it('keeps one live subscription: a second checkout cancels the older one at Stripe', async () => {
      const { app } = ctx();
      const m = await merchant(app);
      const first = await paidThroughStripe(m);
      fake.advance(60);
      const second = await paidThroughStripe(m);
      expect(fake.get(first.subscription)?.status).toBe('canceled');
      expect(fake.get(second.subscription)?.status).toBe('active');
      expect((await me(m)).store?.stripe_subscription?.start_date).toBe(
        fake.get(second.subscription)?.start_date,
      );
    });

    it('reactivates through a Stripe Checkout bound to the same customer, never two live subscriptions', async () => {
      const { app } = ctx();
      const m = await merchant(app);
      const first = await paidThroughStripe(m);
      await call(app, 'POST', '/api/v1/stripe-update-subscription/', {
        token: await m.token(),
        body: { status: 'canceled' },
      });
      // Stripe ends it at the period's end.
      fake.update(first.subscription, {
        status: 'canceled',
        ended_at: fake.periodEnd(first.subscription),
      });
      expect(
        (await deliver(app, fake.event('customer.subscription.deleted', first.subscription)))
          .statusCode,
      ).toBe(200);
      const link = await planLink(m);
      expect(link).toMatch(/^http:\/\/localhost:4007\/checkout\/stripe\/price_test_uk\?/);
      const before = fake.customerIds();
      const sessionId = (await openStripeLink(link)).id;
      expect(fake.get(sessionId)).toMatchObject({
        customer: first.customer,
        client_reference_id: String(m.store.id),
        line_items_price: 'price_test_uk',
      });
      expect(newCustomers(before)).toEqual([]);

      fake.advance(3600);
      const second = fake.subscription(first.customer, 'active');
      fake.invoice(second, true);
      fake.update(sessionId, { status: 'complete', subscription: second });
      expect(
        (await deliver(app, fake.event('checkout.session.completed', sessionId))).statusCode,
      ).toBe(200);
      const user = await me(m);
      expect(user.store?.stripe_subscription).toEqual({
        status: 'active',
        start_date: fake.get(second)?.start_date,
        canceled_at: null,
        current_period_end: fake.periodEnd(second),
        cancel_at_period_end: false,
      });
      expect((await app.inject({ method: 'GET', url: pathOf(link) })).statusCode).toBe(409);
      const txns = (
        await call(app, 'GET', '/api/v1/coupon-center-transactions/', { token: await m.token() })
      ).json<Paginated<Transaction>>();
      expect(txns.count).toBe(2);
    });

    it("never shows a merchant another merchant's transactions or cards", async () => {
      const { app } = ctx();
      const [a, b] = [await merchant(app), await merchant(app)];
      await paidThroughStripe(a);
      const tokenB = await b.token();
      expect(
        (await call(app, 'GET', '/api/v1/coupon-center-transactions/', { token: tokenB })).json(),
      ).toMatchObject({ count: 0, results: [] });
      expect(
        (await call(app, 'GET', '/api/v1/payment-methods/', { token: tokenB })).json(),
      ).toEqual([]);
      const cardsA = (
        await call(app, 'GET', `/api/v1/payment-methods/?websiteId=${a.store.id}`, {
          token: await a.token(),
        })
      ).json<PaymentMethod[]>();
      expect(cardsA).toHaveLength(1);
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
    });
  },
  { env: { billing: stripeBillingEnv(fake) } },
);

describe('billing settings', () => {
  it('needs nothing for the local provider, names every missing Stripe setting, and ignores the old Payment Link settings', () => {
    expect(loadEnv({ JWT_SECRET: 'x'.repeat(40) }).billing).toEqual({
      provider: 'local',
      renewalIntervalMs: 60_000,
    });
    expect(() =>
      loadEnv({
        JWT_SECRET: 'x'.repeat(40),
        BILLING_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_1',
      }),
    ).toThrow(
      new EnvError(
        'BILLING_PROVIDER=stripe needs STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_ID_UK, STRIPE_PRICE_ID_US_PROMO, STRIPE_PRICE_ID_US_DISCOUNT',
      ),
    );
    const settings = {
      JWT_SECRET: 'x'.repeat(40),
      BILLING_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
      STRIPE_API_URL: 'http://127.0.0.1:12111',
      ...Object.fromEntries(
        ['UK', 'US_PROMO', 'US_DISCOUNT'].map((k) => [`STRIPE_PRICE_ID_${k}`, `price_${k}`]),
      ),
    };
    const full = loadEnv(settings);
    expect(full.billing.stripe).toEqual({
      secretKey: 'sk_test_1',
      webhookSecret: FAKE_WEBHOOK_SECRET,
      priceIds: { 7: 'price_UK', 8: 'price_US_PROMO', 10: 'price_US_DISCOUNT' },
      api: { host: '127.0.0.1', port: 12111, protocol: 'http' },
    });
    // A deployment that still sets the Payment Links starts, and they change nothing.
    const withLinks = loadEnv({
      ...settings,
      ...Object.fromEntries(
        ['UK', 'US_PROMO', 'US_DISCOUNT'].map((k) => [
          `STRIPE_PAYMENT_LINK_${k}`,
          `https://buy.stripe.com/${k}`,
        ]),
      ),
    });
    expect(withLinks.billing).toEqual(full.billing);
    expect(() => loadEnv({ JWT_SECRET: 'x'.repeat(40), BILLING_PROVIDER: 'paypal' })).toThrow(
      'BILLING_PROVIDER must be local or stripe',
    );
  });
});
