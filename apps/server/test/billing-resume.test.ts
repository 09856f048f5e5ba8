import { expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, type Paginated, type Transaction, type User } from '@cc/contract';
import { addMonths } from '../src/billing/local-provider';
import { call, describeEachDatabase } from './helpers';
import { merchant, subscribe, type Merchant } from './fakes/checkout-browser';
import { staffToken } from './review-fixtures';

const DAY = 24 * 60 * 60 * 1000;
const unix = (date: Date) => Math.floor(date.getTime() / 1000);

describeEachDatabase('billing: resuming a cancellation before the period ends', (ctx) => {
  const update = async (m: Merchant, status: string) =>
    call(ctx().app, 'POST', '/api/v1/stripe-update-subscription/', {
      token: await m.token(),
      body: { status },
    });
  const me = async (m: Merchant) =>
    (await call(ctx().app, 'GET', '/api/v1/auth/me/', { token: await m.token() })).json<User>();
  const orders = async (m: Merchant) =>
    (
      await call(ctx().app, 'GET', '/api/v1/coupon-center-transactions/', {
        token: await m.token(),
      })
    ).json<Paginated<Transaction>>();

  it('keeps the same subscription, charges nothing, and renews at the period end as before', async () => {
    const { app, clock } = ctx();
    const m = await merchant(app);
    await subscribe(app, await m.token());
    await call(app, 'POST', `/api/v1/review/stores/${m.store.id}/approve/`, {
      token: await staffToken(app),
    });
    const start = clock.now();
    const periodEnd = addMonths(start, 1);
    clock.advance(5 * DAY);
    expect((await update(m, 'canceled')).json()).toMatchObject({
      status: 'canceled',
      cancel_at_period_end: true,
    });

    clock.advance(5 * DAY);
    const resumed = await update(m, 'active');
    expect(resumed.statusCode).toBe(200);
    const active = {
      status: 'active',
      start_date: unix(start),
      canceled_at: null,
      current_period_end: unix(periodEnd),
      cancel_at_period_end: false,
    };
    expect(resumed.json()).toEqual(active);
    expect((await me(m)).store?.stripe_subscription).toEqual(active);
    expect((await orders(m)).count).toBe(1);

    // Nothing left to resume now.
    const again = await update(m, 'active');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ status: [ACCOUNT_MESSAGES.nothingToResume] });

    // The page stays live past the old end, and the period renews with a charge then.
    clock.advance(periodEnd.getTime() - clock.now().getTime() + 60_000);
    expect((await call(app, 'GET', `/stores/${m.store.slug}`)).statusCode).toBe(200);
    await app.billing.runRenewals();
    expect((await orders(m)).count).toBe(2);
    expect((await me(m)).store?.stripe_subscription).toMatchObject({
      ...active,
      current_period_end: unix(addMonths(periodEnd, 1)),
    });
  });

  it('refuses once the period has ended, for an active subscription, and without any: 400, nothing changes', async () => {
    const { app, clock } = ctx();
    const nothing = await merchant(app);
    expect((await update(nothing, 'active')).json()).toEqual({
      status: [ACCOUNT_MESSAGES.nothingToResume],
    });

    const m = await merchant(app);
    await subscribe(app, await m.token());
    const periodEnd = addMonths(clock.now(), 1);
    const notCancelled = await update(m, 'active');
    expect(notCancelled.statusCode).toBe(400);
    expect(notCancelled.json()).toEqual({ status: [ACCOUNT_MESSAGES.nothingToResume] });

    await update(m, 'canceled');
    // At the end itself (the renewal job has not run yet) it can no longer be resumed.
    clock.advance(periodEnd.getTime() - clock.now().getTime());
    const late = await update(m, 'active');
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ status: [ACCOUNT_MESSAGES.nothingToResume] });
    expect((await me(m)).store?.stripe_subscription).toMatchObject({
      status: 'canceled',
      cancel_at_period_end: true,
    });
    expect((await orders(m)).count).toBe(1);
  });

  it("resumes only the caller's own subscription", async () => {
    const { app } = ctx();
    const [a, b] = [await merchant(app), await merchant(app)];
    await subscribe(app, await a.token());
    await update(a, 'canceled');
    const other = await update(b, 'active');
    expect(other.statusCode).toBe(400);
    expect((await me(a)).store?.stripe_subscription).toMatchObject({
      status: 'canceled',
      cancel_at_period_end: true,
    });
    expect(
      (
        await call(app, 'POST', '/api/v1/stripe-update-subscription/', {
          body: { status: 'active' },
        })
      ).statusCode,
    ).toBe(401);
  });
});
