import { describe, expect, it } from 'vitest';
import type { Store, StripeSubscription, User } from '@cc/contract';
import { addMonths } from '../src/billing/local-provider';
import {
  cardExpiry,
  GOOD_CARD,
  merchant,
  subscribe,
  type Merchant,
} from './fakes/checkout-browser';
import { call, describeEachDatabase } from './helpers';

const DAY = 24 * 60 * 60 * 1000;
const unix = (date: Date) => Math.floor(date.getTime() / 1000);

describeEachDatabase('billing: the next billing date is the end of the paid period', (ctx) => {
  it('after two renewals the next billing date is three months after the start, not start plus one month', async () => {
    const { app, clock } = ctx();
    const m = await merchant(app);
    await subscribe(app, await m.token());
    const start = clock.now();
    const periodEnds = [addMonths(start, 1)];
    for (let renewal = 0; renewal < 2; renewal += 1) {
      clock.advance(32 * DAY);
      expect(await app.billing.runRenewals()).toBe(1);
      const last = periodEnds.at(-1) ?? start;
      periodEnds.push(addMonths(last, 1));
    }
    const token = await m.token();
    const expected: StripeSubscription = {
      status: 'active',
      start_date: unix(start),
      canceled_at: null,
      current_period_end: unix(periodEnds[2] ?? start),
      cancel_at_period_end: false,
    };

    // /auth/me/ and the store answer the same subscription: the same start, the renewed period end.
    const user = (await call(app, 'GET', '/api/v1/auth/me/', { token })).json<User>();
    expect(user.store?.stripe_subscription).toEqual(expected);
    const store = (
      await call(app, 'GET', `/api/v1/stores/${m.store.id}/`, { token })
    ).json<Store>();
    expect(store.stripe_subscription).toEqual(expected);
    expect(expected.current_period_end).not.toBe(unix(addMonths(start, 1)));
    expect(expected.current_period_end).toBeGreaterThan(unix(clock.now()));
  });

  it('a renewal that fails leaves the period end where it was (the date of the retried charge is not a new period)', async () => {
    const { app, clock } = ctx();
    const m = await merchant(app);
    await subscribe(app, await m.token(), { ...GOOD_CARD, card_number: '4000 0000 0000 0341' });
    const periodEnd = unix(addMonths(clock.now(), 1));
    clock.advance(32 * DAY);
    await app.billing.runRenewals();
    const user = (
      await call(app, 'GET', '/api/v1/auth/me/', { token: await m.token() })
    ).json<User>();
    expect(user.store?.stripe_subscription).toMatchObject({
      status: 'past_due',
      current_period_end: periodEnd,
    });
  });
});

// Fixed calendar dates, written out: the expected day is never computed with the product's own helper.
describe('a month after a day: the same day, or the last day of a shorter month', () => {
  it.each([
    ['2028-01-31T10:00:00.000Z', 1, '2028-02-29T10:00:00.000Z'],
    ['2027-01-31T10:00:00.000Z', 1, '2027-02-28T10:00:00.000Z'],
    ['2028-01-30T10:00:00.000Z', 1, '2028-02-29T10:00:00.000Z'],
    ['2027-01-29T10:00:00.000Z', 1, '2027-02-28T10:00:00.000Z'],
    ['2028-02-29T10:00:00.000Z', 1, '2028-03-29T10:00:00.000Z'],
    ['2027-03-31T23:30:00.000Z', 1, '2027-04-30T23:30:00.000Z'],
    ['2027-08-31T00:00:00.000Z', 1, '2027-09-30T00:00:00.000Z'],
    ['2027-12-31T12:00:00.000Z', 1, '2028-01-31T12:00:00.000Z'],
    ['2027-01-15T08:15:00.000Z', 1, '2027-02-15T08:15:00.000Z'],
    ['2028-02-29T10:00:00.000Z', 12, '2029-02-28T10:00:00.000Z'],
    ['2027-05-31T10:00:00.000Z', -3, '2027-02-28T10:00:00.000Z'],
  ])('%s plus %i month(s) is %s', (from, months, expected) => {
    const start = new Date(from);
    expect(addMonths(start, months).toISOString()).toBe(expected);
    expect(start.toISOString()).toBe(from);
  });
});

describeEachDatabase(
  'billing: a subscription started on the 31st of January',
  (ctx) => {
    const unixOf = (iso: string) => Date.parse(iso) / 1000;
    const subscribedNow = async (m: Merchant) => {
      await subscribe(ctx().app, await m.token(), {
        ...GOOD_CARD,
        expiry: cardExpiry(ctx().clock, 4),
      });
      const user = (
        await call(ctx().app, 'GET', '/api/v1/auth/me/', { token: await m.token() })
      ).json<User>();
      return user.store?.stripe_subscription;
    };

    it('is next billed on the last day of February: the 28th in 2027, the 29th in the leap year 2028', async () => {
      const { app, clock } = ctx();
      expect(await subscribedNow(await merchant(app))).toMatchObject({
        status: 'active',
        start_date: unixOf('2027-01-31T10:00:00Z'),
        current_period_end: unixOf('2027-02-28T10:00:00Z'),
      });
      clock.advance(Date.parse('2028-01-31T10:00:00Z') - clock.now().getTime());
      expect(await subscribedNow(await merchant(app))).toMatchObject({
        start_date: unixOf('2028-01-31T10:00:00Z'),
        current_period_end: unixOf('2028-02-29T10:00:00Z'),
      });
    });
  },
  { clockStart: new Date('2027-01-31T10:00:00Z') },
);
