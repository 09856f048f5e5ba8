import type { FastifyInstance } from 'fastify';
import { eq, inArray, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@cc/contract';
import { emailTokens, refreshTokens, sessions, users } from '../src/auth/schema';
import { billingTransactions, invoices, localBillingObjects } from '../src/billing/schema';
import { coupons } from '../src/coupons/schema';
import { couponDailyStats, couponFeedback } from '../src/public-pages/schema';
import { stores } from '../src/stores/schema';
import { images } from '../src/uploads/schema';
import {
  addCounts,
  liveMerchant,
  mailsTo,
  PASSWORD,
  type LiveMerchant,
} from './account-data-fixtures';
import { call, describeEachDatabase } from './helpers';

const DELETE = '/api/v1/account/delete/';
const nowUnix = (app: FastifyInstance) => Math.floor(app.clock.now().getTime() / 1000);

/** What the merchant has, row by row, and what shoppers and their tokens see. */
async function footprint(app: FastifyInstance, m: LiveMerchant) {
  const count = async (query: Promise<unknown[]>) => (await query).length;
  const publicId = /\/media\/(logos\/[a-f0-9]+)\./.exec(m.logoUrl)?.[1] ?? '';
  return {
    users: await count(app.db.select().from(users).where(eq(users.email, m.email))),
    stores: await count(app.db.select().from(stores).where(eq(stores.id, m.store.id))),
    coupons: await count(app.db.select().from(coupons).where(eq(coupons.storeId, m.store.id))),
    counts: await count(
      app.db.select().from(couponDailyStats).where(inArray(couponDailyStats.couponId, m.couponIds)),
    ),
    answers: await count(
      app.db.select().from(couponFeedback).where(inArray(couponFeedback.couponId, m.couponIds)),
    ),
    logo: await count(app.db.select().from(images).where(eq(images.publicId, publicId))),
    page: (await call(app, 'GET', `/stores/${m.store.slug}`)).statusCode,
    me: (await call(app, 'GET', '/api/v1/auth/me/', { token: m.token })).statusCode,
  };
}

const LIVE = {
  users: 1,
  stores: 1,
  coupons: 2,
  counts: 3,
  answers: 2,
  logo: 1,
  page: 200,
  me: 200,
};

describeEachDatabase('Delete my account', (ctx) => {
  it('a wrong password or confirmation word is a field error and changes nothing', async () => {
    const { app } = ctx();
    const owner = await liveMerchant(app);
    await addCounts(app, owner.couponIds[0] ?? 0, 3);
    expect(await footprint(app, owner)).toEqual(LIVE);

    const wrongPassword = await call(app, 'POST', DELETE, {
      token: owner.token,
      body: { password: 'not-mine', confirmation: 'DELETE' },
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toEqual({ password: [ACCOUNT_MESSAGES.currentPasswordWrong] });
    for (const confirmation of ['delete', 'DELETE ', '', 'DELET']) {
      const wrongWord = await call(app, 'POST', DELETE, {
        token: owner.token,
        body: { password: PASSWORD, confirmation },
      });
      expect(wrongWord.statusCode).toBe(400);
      expect(wrongWord.json()).toEqual({
        confirmation: [ACCOUNT_MESSAGES.deleteConfirmationWrong],
      });
    }
    const both = await call(app, 'POST', DELETE, {
      token: owner.token,
      body: { password: '', confirmation: 'no' },
    });
    expect(both.json()).toEqual({
      password: [ACCOUNT_MESSAGES.currentPasswordWrong],
      confirmation: [ACCOUNT_MESSAGES.deleteConfirmationWrong],
    });
    expect(await footprint(app, owner)).toEqual(LIVE);
    const subscription = (
      await call(app, 'GET', `/api/v1/stores/${owner.store.id}/`, { token: owner.token })
    ).json<{
      stripe_subscription: { status: string };
    }>();
    expect(subscription.stripe_subscription.status).toBe('active');
  });

  it('a NUL byte, a wrong type, an overlong field or a huge body is a 4xx and changes nothing; no token is 401', async () => {
    const { app } = ctx();
    const owner = await liveMerchant(app);
    await addCounts(app, owner.couponIds[0] ?? 0, 3);
    const bodies: [unknown, number][] = [
      [{ password: `${PASSWORD}\u0000`, confirmation: 'DELETE' }, 400],
      [{ password: PASSWORD, confirmation: 'DELETE\u0000' }, 400],
      [{ password: 12345678, confirmation: 'DELETE' }, 400],
      [{ password: PASSWORD }, 400],
      [{ password: 'x'.repeat(300), confirmation: 'DELETE' }, 400],
      [{ password: PASSWORD, confirmation: 'DELETE', padding: 'x'.repeat(2 * 1024 * 1024) }, 413],
      ['DELETE', 415],
    ];
    for (const [body, status] of bodies) {
      const response = await call(app, 'POST', DELETE, { token: owner.token, body });
      expect(response.statusCode, response.body).toBe(status);
      expect(typeof response.json<{ message?: string }>()).toBe('object');
    }
    expect(
      (await call(app, 'POST', DELETE, { body: { password: PASSWORD, confirmation: 'DELETE' } }))
        .statusCode,
    ).toBe(401);
    expect(await footprint(app, owner)).toEqual(LIVE);
  });

  it('cancels the subscription at once, deletes the store, coupons, logo, counts, sessions and tokens and the user, and keeps the invoices', async () => {
    const { app } = ctx();
    const owner = await liveMerchant(app);
    const bystander = await liveMerchant(app);
    await addCounts(app, owner.couponIds[0] ?? 0, 3);
    await addCounts(app, bystander.couponIds[0] ?? 0, 3);
    const [order] = await app.db
      .select()
      .from(billingTransactions)
      .where(eq(billingTransactions.storeId, owner.store.id));
    if (!order) throw new Error('no order');
    // An invoice for the order, as the invoice feature issues them (when it has not already).
    const [invoice] = await app.db
      .insert(invoices)
      .values({
        client: 7,
        number: 900_001,
        reference: 'VN-900001',
        transactionId: order.id,
        storeId: owner.store.id,
        issuedAt: order.paidAt,
        currency: 'gbp',
        net: 1666,
        vat: 333,
        gross: 1999,
        vatRateBp: 2000,
        description: 'VoucherNest Merchant Page',
        supplier: { name: 'VoucherNest Ltd' },
        customer: { name: 'Harbour Ltd', email: owner.email },
        createdAt: app.clock.now(),
      })
      .onConflictDoNothing()
      .returning();
    const kept =
      invoice ??
      (await app.db.select().from(invoices).where(eq(invoices.transactionId, order.id)))[0];
    const [theirs] = await app.db
      .select()
      .from(billingTransactions)
      .where(eq(billingTransactions.storeId, bystander.store.id));
    const userId =
      (await app.db.select({ id: users.id }).from(users).where(eq(users.email, owner.email)))[0]
        ?.id ?? 0;

    const response = await call(app, 'POST', DELETE, {
      token: owner.token,
      body: { password: PASSWORD, confirmation: 'DELETE' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: ACCOUNT_MESSAGES.accountDeleted });
    const refreshCookies = [response.headers['set-cookie']]
      .flat()
      .filter((c) => c?.startsWith('cc_refresh_7='));
    expect(refreshCookies.length).toBeGreaterThan(0);
    for (const cookie of refreshCookies)
      expect(cookie).toMatch(/^cc_refresh_7=;.*Expires=Thu, 01 Jan 1970/);

    expect(await footprint(app, owner)).toEqual({
      ...LIVE,
      users: 0,
      stores: 0,
      coupons: 0,
      counts: 0,
      answers: 0,
      logo: 0,
      page: 404,
      me: 401,
    });
    expect(await footprint(app, bystander)).toEqual(LIVE);
    for (const table of [sessions, refreshTokens, emailTokens]) {
      expect(await app.db.select().from(table).where(eq(table.userId, userId))).toEqual([]);
    }
    // The processor ended the subscription at once, not at the period's end.
    const processor = async (subscriptionId: string) =>
      (
        await app.db
          .select()
          .from(localBillingObjects)
          .where(eq(localBillingObjects.id, subscriptionId))
      )[0]?.data;
    expect(await processor(order.providerSubscriptionId)).toMatchObject({
      status: 'canceled',
      canceled_at: nowUnix(app),
    });
    expect(await processor(theirs?.providerSubscriptionId ?? '')).toMatchObject({
      status: 'active',
    });
    // The invoice stays, unlinked, with its own copy of the customer.
    const [after] = await app.db
      .select()
      .from(invoices)
      .where(eq(invoices.id, kept?.id ?? 0));
    expect(after).toMatchObject({
      reference: kept?.reference,
      storeId: null,
      transactionId: null,
      gross: kept?.gross,
    });
    expect(after?.customer).toEqual(kept?.customer);

    const [mail] = await mailsTo(app, owner.email);
    expect(mail).toMatchObject({
      kind: 'account_deleted',
      subject: 'Your VoucherNest.co.uk account was deleted',
    });
  });

  it('afterwards the old tokens and links fail, and the same email registers again in the brand', async () => {
    const { app } = ctx();
    const owner = await liveMerchant(app);
    const deleted = await call(app, 'POST', DELETE, {
      token: owner.token,
      body: { password: PASSWORD, confirmation: 'DELETE' },
    });
    expect(deleted.statusCode).toBe(200);

    expect((await call(app, 'GET', '/api/v1/auth/me/', { token: owner.token })).statusCode).toBe(
      401,
    );
    expect(
      (await call(app, 'GET', '/api/v1/account/export/', { token: owner.token })).statusCode,
    ).toBe(401);
    expect(
      (
        await call(app, 'POST', DELETE, {
          token: owner.token,
          body: { password: PASSWORD, confirmation: 'DELETE' },
        })
      ).statusCode,
    ).toBe(401);
    const refreshed = await call(app, 'POST', '/api/v1/auth/token/refresh/', {
      body: { refresh: owner.refresh },
    });
    expect(refreshed.statusCode).toBe(401);
    const reset = await call(app, 'POST', '/api/v1/auth/set-new-password/', {
      body: { token: owner.resetToken, password: 'another-pass-1' },
    });
    expect(reset.statusCode).toBe(400);
    const login = await call(app, 'POST', '/api/v1/auth/email-login/', {
      body: { email: owner.email, password: PASSWORD, siteId: 8 },
    });
    expect(login.statusCode).toBe(401);
    expect((await call(app, 'GET', `/stores/${owner.store.slug}`)).statusCode).toBe(404);

    const again = await call(app, 'POST', '/api/v1/auth/email-register/', {
      body: {
        email: owner.email,
        password: PASSWORD,
        siteId: 7,
        type: 2,
        first_name: 'N/A',
        last_name: 'N/A',
      },
    });
    expect(again.statusCode, again.body).toBe(201);
    const [{ total } = { total: 0 }] = await app.db
      .select({ total: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.email, owner.email));
    expect(total).toBe(1);
  });
});
