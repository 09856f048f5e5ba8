import { expect, it } from 'vitest';
import type { Store, StripeSubscription, User } from '@cc/contract';
import { addMonths } from '../src/billing/local-provider';
import { GOOD_CARD, merchant, subscribe } from './fakes/checkout-browser';
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
    const store = (await call(app, 'GET', `/api/v1/stores/${m.store.id}/`, { token })).json<Store>();
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
    const user = (await call(app, 'GET', '/api/v1/auth/me/', { token: await m.token() })).json<User>();
    expect(user.store?.stripe_subscription).toMatchObject({ status: 'past_due', current_period_end: periodEnd });
  });
});
