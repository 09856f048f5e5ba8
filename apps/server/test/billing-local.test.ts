import { and, count, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  MESSAGES,
  type Paginated,
  type PaymentMethod,
  type Store,
  type Transaction,
  type User,
} from '@cc/contract';
import { CARD_MESSAGES } from '../src/billing/cards';
import { addMonths } from '../src/billing/local-provider';
import { billingCustomers, billingSubscriptions } from '../src/billing/schema';
import { call, describeEachDatabase } from './helpers';
import {
  cardExpiry,
  DECLINED_CARD,
  GOOD_CARD,
  merchant,
  openLink,
  pathOf,
  planOf,
  submitCard,
  subscribe,
} from './fakes/checkout-browser';

const DAY = 24 * 60 * 60 * 1000;
const unix = (date: Date) => Math.floor(date.getTime() / 1000);

describeEachDatabase('billing: the local checkout, renewals, cancel and reactivate', (ctx) => {
  const me = async (token: string) =>
    (await call(ctx().app, 'GET', '/api/v1/auth/me/', { token })).json<User>();
  const transactions = async (token: string) =>
    (await call(ctx().app, 'GET', '/api/v1/coupon-center-transactions/', { token })).json<
      Paginated<Transaction>
    >();

  it('walks plan -> declined card -> good card -> receipt -> renewal -> cancel -> reactivate', async () => {
    const { app, clock } = ctx();
    const m = await merchant(app);
    const { store } = m;
    let token = await m.token();
    expect((await me(token)).coupon_center_txn).toBeNull();

    // The plan: price from the client config, a payment link on the brand origin naming the store.
    const plan = await planOf(app, token);
    expect(plan).toMatchObject({
      id: 'price_local_uk',
      price: { currency: 'gbp', unit_amount: 1999 },
      name: 'VoucherNest Merchant Page',
    });
    const link = new URL(plan.payment_link.url);
    expect(link.origin).toBe('http://localhost:4007');
    expect(link.searchParams.get('client_reference_id')).toBe(String(store.id));
    expect(link.searchParams.get('prefilled_email')).toMatch(/@example\.com$/);

    // The checkout page: branded, shows the plan and price, a labelled card form.
    const session = await openLink(app, plan.payment_link.url);
    const form = await app.inject({ method: 'GET', url: session });
    expect(form.statusCode).toBe(200);
    expect(form.headers['content-type']).toMatch(/text\/html/);
    for (const text of [
      'VoucherNest',
      '£19.99',
      store.name,
      'for="field-card_number"',
      'Name on card',
      '#5b2a86',
    ]) {
      expect(form.body).toContain(text);
    }
    // HTML attribute names are case-insensitive (React writes autoComplete).
    expect(form.body).toMatch(/autocomplete="cc-exp"/i);

    // A declined card: a clear message, nothing charged.
    const declined = await submitCard(app, session, DECLINED_CARD);
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain(CARD_MESSAGES.declined);
    expect(declined.body).toContain('role="alert"');
    expect((await transactions(token)).count).toBe(0);

    // The good card: active subscription, a transaction and its receipt.
    const paid = await submitCard(app, session, GOOD_CARD);
    expect(paid.statusCode).toBe(303);
    const receiptPath = String(paid.headers.location);
    const receipt = await app.inject({ method: 'GET', url: receiptPath });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.body).toContain('Payment successful');
    expect(receipt.body).toContain('£19.99');

    const start = unix(clock.now());
    const firstPeriodEnd = unix(addMonths(clock.now(), 1));
    const active = {
      status: 'active',
      start_date: start,
      canceled_at: null,
      current_period_end: firstPeriodEnd,
      cancel_at_period_end: false,
    };
    const user = await me(token);
    expect(user.store?.stripe_subscription).toEqual(active);
    expect(
      (await call(app, 'GET', `/api/v1/stores/${store.id}/`, { token })).json<Store>()
        .stripe_subscription,
    ).toEqual(active);
    const first = await transactions(token);
    expect(first).toMatchObject({ count: 1, next: null, previous: null });
    expect(first.results[0]).toMatchObject({
      amount: 1999,
      currency: 'gbp',
      transaction_created: start,
    });
    expect(user.coupon_center_txn).toEqual({ id: first.results[0]?.id });
    const receiptUrl = first.results[0]?.receipt_url ?? '';
    expect(receiptUrl.startsWith('http://localhost:4007/checkout/receipts/')).toBe(true);
    const again = await app.inject({ method: 'GET', url: pathOf(receiptUrl) });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain(`#${first.results[0]?.id}`);

    // Paying the same session twice takes nothing more.
    expect((await submitCard(app, session, GOOD_CARD)).statusCode).toBe(303);
    expect((await transactions(token)).count).toBe(1);

    // Renewal: a month later the job charges again.
    clock.advance(31 * DAY);
    expect(await app.billing.runRenewals()).toBe(1);
    expect(await app.billing.runRenewals()).toBe(0);
    token = await m.token();
    const renewed = await transactions(token);
    expect(renewed.count).toBe(2);
    expect(renewed.results[0]?.transaction_created).toBeGreaterThan(
      renewed.results[1]?.transaction_created ?? Infinity,
    );
    expect((await me(token)).coupon_center_txn).toEqual({ id: renewed.results[0]?.id });
    expect((await me(token)).store?.stripe_subscription?.status).toBe('active');

    // Cancel: anything but 'canceled' or 'active' is a 400; 'canceled' answers the subscription ending at its period's end.
    const wrong = await call(app, 'POST', '/api/v1/stripe-update-subscription/', {
      token,
      body: { status: 'paused' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ status: [MESSAGES.invalidSubscriptionStatus] });
    const cancel = await call(app, 'POST', '/api/v1/stripe-update-subscription/', {
      token,
      body: { status: 'canceled' },
    });
    expect(cancel.statusCode).toBe(200);
    const canceled = {
      status: 'canceled',
      start_date: start,
      canceled_at: unix(clock.now()),
      current_period_end: unix(addMonths(new Date(firstPeriodEnd * 1000), 1)),
      cancel_at_period_end: true,
    };
    expect(cancel.json()).toEqual(canceled);
    expect((await me(token)).store?.stripe_subscription).toEqual(canceled);
    // At the period's end the renewal job ends it instead of charging.
    clock.advance(40 * DAY);
    expect(await app.billing.runRenewals()).toBe(1);
    expect(await app.billing.runRenewals()).toBe(0);
    token = await m.token();
    expect((await transactions(token)).count).toBe(2);

    // Reactivate through the payment link with another card: same customer, one live subscription.
    const receiptAfter = await subscribe(app, token, {
      ...GOOD_CARD,
      card_number: '5555 5555 5555 4444',
      cvc: '321',
    });
    expect(receiptAfter).toMatch(/^\/checkout\/receipts\//);
    const back = (await me(token)).store?.stripe_subscription;
    expect(back).toEqual({
      status: 'active',
      start_date: unix(clock.now()),
      canceled_at: null,
      current_period_end: unix(addMonths(clock.now(), 1)),
      cancel_at_period_end: false,
    });
    expect((await transactions(token)).count).toBe(3);
    const { db } = ctx().database;
    const live = await db
      .select({ n: count() })
      .from(billingSubscriptions)
      .where(
        and(eq(billingSubscriptions.storeId, store.id), eq(billingSubscriptions.status, 'active')),
      );
    const customers = await db
      .select({ n: count() })
      .from(billingCustomers)
      .where(eq(billingCustomers.storeId, store.id));
    expect([live[0]?.n, customers[0]?.n]).toEqual([1, 1]);

    // Both cards are on file; one may go, the last one may not.
    const cards = (await call(app, 'GET', '/api/v1/payment-methods/', { token })).json<
      PaymentMethod[]
    >();
    expect(cards.map((c) => [c.brand, c.last4, c.is_default])).toEqual([
      ['mastercard', '4444', true],
      ['visa', '4242', false],
    ]);
    expect(
      (await call(app, 'DELETE', `/api/v1/payment-methods/${cards[1]?.id}/`, { token })).statusCode,
    ).toBe(204);
    const last = await call(app, 'DELETE', `/api/v1/payment-methods/${cards[0]?.id}/`, { token });
    expect(last.statusCode).toBe(400);
    expect(last.json()).toMatchObject({ message: MESSAGES.keepOnePaymentMethod });
    expect(
      (await call(app, 'GET', '/api/v1/payment-methods/', { token })).json<PaymentMethod[]>(),
    ).toHaveLength(1);
  });

  it('refuses a second subscription while one is live: the old link answers 409 and charges nothing', async () => {
    const { app } = ctx();
    const token = await (await merchant(app)).token();
    const plan = await planOf(app, token);
    const staleSession = await openLink(app, plan.payment_link.url);
    await subscribe(app, token);
    const reopened = await app.inject({ method: 'GET', url: pathOf(plan.payment_link.url) });
    expect(reopened.statusCode).toBe(409);
    expect(reopened.body).toContain('already subscribed');
    const second = await submitCard(app, staleSession, GOOD_CARD);
    expect(second.statusCode).toBe(409);
    expect((await transactions(token)).count).toBe(1);
  });

  it('checks expiry, CVC, number and name, and keeps typed card numbers out of the page', async () => {
    const { app, clock } = ctx();
    const token = await (await merchant(app)).token();
    const session = await openLink(app, (await planOf(app, token)).payment_link.url);
    const bad = await submitCard(app, session, {
      card_number: '4242 4242 4242 4241',
      expiry: '13/30',
      cvc: '12',
      name: ' ',
    });
    expect(bad.statusCode).toBe(400);
    for (const message of [
      CARD_MESSAGES.numberInvalid,
      CARD_MESSAGES.expiryInvalid,
      CARD_MESSAGES.cvcInvalid,
      CARD_MESSAGES.nameRequired,
    ]) {
      expect(bad.body).toContain(message.replace(/'/g, '&#x27;'));
    }
    expect(bad.body).toContain('aria-invalid="true"');
    expect(bad.body).not.toContain('4242 4242 4242 4241');
    const past = await submitCard(app, session, { ...GOOD_CARD, expiry: cardExpiry(clock, -1) });
    expect(past.body).toContain(CARD_MESSAGES.expiryPast.replace(/'/g, '&#x27;'));
    expect((await transactions(token)).count).toBe(0);
  });

  it('a card that fails renewals turns the subscription past_due, then unpaid; paying again replaces it', async () => {
    const { app, clock } = ctx();
    const m = await merchant(app);
    await subscribe(app, await m.token(), { ...GOOD_CARD, card_number: '4000 0000 0000 0341' });
    clock.advance(31 * DAY);
    await app.billing.runRenewals();
    expect((await me(await m.token())).store?.stripe_subscription?.status).toBe('past_due');
    for (let retry = 0; retry < 2; retry += 1) {
      clock.advance(3 * DAY);
      await app.billing.runRenewals();
    }
    const token = await m.token();
    expect((await me(token)).store?.stripe_subscription?.status).toBe('unpaid');
    expect((await transactions(token)).count).toBe(1);

    // Paying through the link again replaces the unpaid subscription: one live, active.
    await subscribe(app, token);
    expect((await me(token)).store?.stripe_subscription).toMatchObject({
      status: 'active',
      canceled_at: null,
    });
    const rows = await ctx()
      .database.db.select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.storeId, m.store.id));
    expect(rows.map((row) => row.status).sort()).toEqual(['active', 'canceled']);
  });
});
