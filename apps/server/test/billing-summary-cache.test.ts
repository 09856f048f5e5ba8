import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import type { User } from '@cc/contract';
import { billingSubscriptions, billingTransactions } from '../src/billing/schema';
import { call, describeEachDatabase, secondInstance, until } from './helpers';
import { merchant, subscribe } from './fakes/checkout-browser';

const DAY = 24 * 60 * 60 * 1000;

describeEachDatabase('/auth/me/ billing kept per instance until the store changes', (ctx) => {
  const second = secondInstance(ctx);

  const me = async (app: FastifyInstance, token: string) =>
    (await call(app, 'GET', '/api/v1/auth/me/', { token })).json<User>();
  const heldAnswers = (app: FastifyInstance) => app.caches.stats().billing_summaries?.hits ?? 0;
  /** /auth/me/ until `done` holds (a change made elsewhere is told by store_changed, a moment later). */
  const meUntil = (app: FastifyInstance, token: string, done: (user: User) => boolean) =>
    until(() => me(app, token), done);

  it('shows a renewal charged by the renewal job at the next /auth/me/, though the summary was held', async () => {
    const { app, clock } = ctx();
    const m = await merchant(app);
    await subscribe(app, await m.token());
    let token = await m.token();
    const paid = await me(app, token);
    expect(paid.coupon_center_txn).not.toBeNull();
    // Held: the second read is answered from memory (unless the payment's own notification came between them).
    const held = heldAnswers(app);
    const again = await meUntil(app, token, () => heldAnswers(app) > held);
    expect(heldAnswers(app)).toBeGreaterThan(held);
    expect(again.coupon_center_txn).toEqual(paid.coupon_center_txn);

    // The job runs on a timer, not in a request: only store_changed tells the instance.
    clock.advance(31 * DAY);
    expect(await app.billing.runRenewals()).toBe(1);
    token = await m.token();
    const renewed = await meUntil(
      app,
      token,
      (user) => user.coupon_center_txn?.id !== paid.coupon_center_txn?.id,
    );
    expect(renewed.coupon_center_txn?.id).toBeGreaterThan(paid.coupon_center_txn?.id ?? Infinity);
    expect(renewed.store?.stripe_subscription?.current_period_end).toBeGreaterThan(
      paid.store?.stripe_subscription?.current_period_end ?? Infinity,
    );
  });

  it('another instance sees a payment and a cancellation written elsewhere, each on its own', async () => {
    const { app } = ctx();
    const m = await merchant(app);
    await subscribe(app, await m.token());
    const token = await m.token();
    const before = await me(second(), token);
    const held = heldAnswers(second());
    await meUntil(second(), token, () => heldAnswers(second()) > held);

    // A payment alone (no subscription change), straight into the database as a webhook on another instance would write it.
    const [latest] = await app.db
      .select()
      .from(billingTransactions)
      .where(eq(billingTransactions.storeId, m.store.id));
    if (!latest) throw new Error('the checkout wrote no transaction');
    const [added] = await app.db
      .insert(billingTransactions)
      .values({
        ...latest,
        id: undefined,
        providerInvoiceId: `${latest.providerInvoiceId}-2`,
        receiptToken: `${latest.receiptToken}-2`,
        paidAt: app.clock.now(),
      })
      .returning();
    const paidAgain = await meUntil(
      second(),
      token,
      (user) => user.coupon_center_txn?.id === added?.id,
    );
    expect(paidAgain.coupon_center_txn).toEqual({ id: added?.id });
    expect(paidAgain.store?.stripe_subscription).toEqual(before.store?.stripe_subscription);

    await app.db
      .update(billingSubscriptions)
      .set({ status: 'canceled', canceledAt: app.clock.now() })
      .where(eq(billingSubscriptions.storeId, m.store.id));
    const canceled = await meUntil(
      second(),
      token,
      (user) => user.store?.stripe_subscription?.status === 'canceled',
    );
    expect(canceled.store?.stripe_subscription?.status).toBe('canceled');
  });

  it('answers a change made through the same instance at once (read-your-writes)', async () => {
    const { app } = ctx();
    const m = await merchant(app);
    const token = await m.token();
    expect((await me(app, token)).store?.stripe_subscription).toBeNull();
    await subscribe(app, token);
    const paid = await me(app, token);
    expect(paid.store?.stripe_subscription?.status).toBe('active');
    expect(paid.coupon_center_txn).not.toBeNull();
    const cancel = await call(app, 'POST', '/api/v1/stripe-update-subscription/', {
      token,
      body: { status: 'canceled' },
    });
    expect(cancel.statusCode).toBe(200);
    expect((await me(app, token)).store?.stripe_subscription?.status).toBe('canceled');
  });
});
