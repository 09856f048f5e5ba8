import { expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  type CardUpdateResponse,
  type Paginated,
  type PaymentMethod,
  type Transaction,
  type User,
} from '@cc/contract';
import { CARD_MESSAGES } from '../src/billing/cards';
import { addMonths } from '../src/billing/local-provider';
import { call, describeEachDatabase } from './helpers';
import {
  DECLINED_CARD,
  GOOD_CARD,
  merchant,
  pathOf,
  submitCard,
  subscribe,
  type Merchant,
} from './fakes/checkout-browser';

const DAY = 24 * 60 * 60 * 1000;
const unix = (date: Date) => Math.floor(date.getTime() / 1000);
const FAILS_RENEWAL = { ...GOOD_CARD, card_number: '4000 0000 0000 0341' };
const MASTERCARD = { ...GOOD_CARD, card_number: '5555 5555 5555 4444', cvc: '321' };

describeEachDatabase('billing: updating the card with the local processor', (ctx) => {
  const cardUpdate = async (m: Merchant) =>
    call(ctx().app, 'POST', '/api/v1/billing/card-update/', { token: await m.token() });
  const linkOf = async (m: Merchant) => {
    const response = await cardUpdate(m);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CardUpdateResponse>().url;
  };
  const cards = async (m: Merchant) =>
    (await call(ctx().app, 'GET', '/api/v1/payment-methods/', { token: await m.token() })).json<
      PaymentMethod[]
    >();
  const me = async (m: Merchant) =>
    (await call(ctx().app, 'GET', '/api/v1/auth/me/', { token: await m.token() })).json<User>();
  const orders = async (m: Merchant) =>
    (
      await call(ctx().app, 'GET', '/api/v1/coupon-center-transactions/', {
        token: await m.token(),
      })
    ).json<Paginated<Transaction>>();

  it('answers a signed link to the card page on the brand; a good card becomes the default, the old one is removed, back to /payment', async () => {
    const { app } = ctx();
    const m = await merchant(app);
    await subscribe(app, await m.token());
    const before = await cards(m);
    expect(before.map((card) => card.last4)).toEqual(['4242']);

    const url = await linkOf(m);
    expect(url).toMatch(/^http:\/\/localhost:4007\/checkout\/card\/7\?/);
    const form = await app.inject({ method: 'GET', url: pathOf(url) });
    expect(form.statusCode).toBe(200);
    for (const text of [
      'Update your card',
      m.store.name,
      'for="field-card_number"',
      'Name on card',
      'Save card',
    ])
      expect(form.body).toContain(text);
    expect(form.body).not.toContain('Your last payment failed');

    // The checkout's card rules: field errors, then a declined card; nothing changes.
    const bad = await submitCard(app, pathOf(url), {
      card_number: '4242 4242 4242 4241',
      expiry: '13/30',
      cvc: '1',
      name: '',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(CARD_MESSAGES.numberInvalid);
    const declined = await submitCard(app, pathOf(url), DECLINED_CARD);
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain(CARD_MESSAGES.declined);
    expect((await cards(m)).map((card) => card.id)).toEqual(before.map((card) => card.id));

    const saved = await submitCard(app, pathOf(url), MASTERCARD);
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe('http://localhost:4007/payment');
    const after = await cards(m);
    expect(after.map((card) => [card.brand, card.last4, card.is_default])).toEqual([
      ['mastercard', '4444', true],
    ]);
    // Nothing was charged for it.
    expect((await orders(m)).count).toBe(1);
    expect((await me(m)).store?.stripe_subscription?.status).toBe('active');
  });

  it('past_due: the new card pays the failed renewal at once, the subscription is active and its period runs from the charge', async () => {
    const { app, clock } = ctx();
    const m = await merchant(app);
    await subscribe(app, await m.token(), FAILS_RENEWAL);
    clock.advance(32 * DAY);
    await app.billing.runRenewals();
    expect((await me(m)).store?.stripe_subscription?.status).toBe('past_due');
    expect((await orders(m)).count).toBe(1);

    const url = await linkOf(m);
    const form = await app.inject({ method: 'GET', url: pathOf(url) });
    expect(form.body).toContain('Your last payment failed. This card is charged £19.99 now.');
    expect(form.body).toContain('Save card and pay £19.99');
    // A card that cannot pay is refused and changes nothing.
    const failing = await submitCard(app, pathOf(url), FAILS_RENEWAL);
    expect(failing.statusCode).toBe(402);
    expect(failing.body).toContain(CARD_MESSAGES.declined);
    expect((await me(m)).store?.stripe_subscription?.status).toBe('past_due');
    expect((await cards(m)).map((card) => card.last4)).toEqual(['0341']);

    // A day later, from a fresh link (a link lasts an hour).
    clock.advance(DAY);
    const paidAt = clock.now();
    const paid = await submitCard(app, pathOf(await linkOf(m)), MASTERCARD);
    expect(paid.statusCode).toBe(303);
    expect((await me(m)).store?.stripe_subscription).toMatchObject({
      status: 'active',
      current_period_end: unix(addMonths(paidAt, 1)),
      cancel_at_period_end: false,
    });
    const history = await orders(m);
    expect(history.count).toBe(2);
    expect(history.results[0]).toMatchObject({
      amount: 1999,
      currency: 'gbp',
      transaction_created: unix(paidAt),
    });
    expect((await cards(m)).map((card) => [card.last4, card.is_default])).toEqual([['4444', true]]);
    // The retry job has nothing left to charge for that period.
    clock.advance(3 * DAY);
    await app.billing.runRenewals();
    expect((await orders(m)).count).toBe(2);
  });

  it('is listed in the OpenAPI document with its body, answer and errors', async () => {
    const doc = (await call(ctx().app, 'GET', '/api/v1/openapi.json')).json<{
      paths: Record<
        string,
        { post?: { requestBody?: unknown; responses: Record<string, unknown> } }
      >;
    }>();
    const route = doc.paths['/api/v1/billing/card-update/']?.post;
    expect(route?.requestBody).toBeDefined();
    expect(Object.keys(route?.responses ?? {}).sort()).toEqual(['200', '400', '401', '404']);
  });

  it('refuses an edited, expired or foreign link, a store that never paid, and a caller without a token', async () => {
    const { app, clock } = ctx();
    const [a, b] = [await merchant(app), await merchant(app)];
    await subscribe(app, await a.token());
    await subscribe(app, await b.token());
    const url = new URL(await linkOf(a));

    const edited = new URL(url);
    edited.searchParams.set('client_reference_id', String(b.store.id));
    const otherBrand = new URL(url.toString().replace('/checkout/card/7?', '/checkout/card/8?'));
    for (const link of [
      edited,
      otherBrand,
      new URL(url.toString().replace('/card/7?', '/card/x?')),
    ]) {
      expect((await app.inject({ method: 'GET', url: pathOf(link.toString()) })).statusCode).toBe(
        400,
      );
      expect((await submitCard(app, pathOf(link.toString()), MASTERCARD)).statusCode).toBe(400);
    }
    expect((await cards(b)).map((card) => card.last4)).toEqual(['4242']);

    clock.advance(2 * 60 * 60 * 1000);
    const expired = await submitCard(app, pathOf(url.toString()), MASTERCARD);
    expect(expired.statusCode).toBe(400);
    expect(expired.body).toContain('This card update link is not valid');
    expect((await cards(a)).map((card) => card.last4)).toEqual(['4242']);

    const never = await cardUpdate(await merchant(app));
    expect(never.statusCode).toBe(400);
    expect(never.json()).toEqual({ non_field_errors: [ACCOUNT_MESSAGES.noCardToUpdate] });
    expect((await call(app, 'POST', '/api/v1/billing/card-update/')).statusCode).toBe(401);
  });
});
