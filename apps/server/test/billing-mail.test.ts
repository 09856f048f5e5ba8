import { expect, it } from 'vitest';
import { call, describeEachDatabase } from './helpers';
import type { FastifyInstance } from 'fastify';
import {
  GOOD_CARD,
  merchant,
  openLink,
  planOf,
  submitCard,
  subscribe,
  type Merchant,
} from './fakes/checkout-browser';
import { actionLink, expectBrandMail, mailsTo } from './lifecycle-mail-fixtures';

const DAY = 24 * 60 * 60 * 1000;

/** Pays the plan of a merchant of a US brand on that brand's site. */
async function subscribeOn(app: FastifyInstance, m: Merchant, client: 8 | 10): Promise<void> {
  const plan = await planOf(app, await m.token(), client);
  const paid = await submitCard(app, await openLink(app, plan.payment_link.url), GOOD_CARD);
  expect(paid.statusCode, paid.body).toBe(303);
}

describeEachDatabase('billing mail: receipts, failed payments and cancellation', (ctx) => {
  it('mails a receipt for the first charge and each renewal, once each, with its receipt link', async () => {
    const { app, clock } = ctx();
    const m = await merchant(app, 8);
    await subscribeOn(app, m, 8);
    for (let month = 0; month < 2; month += 1) {
      clock.advance(31 * DAY);
      expect(await app.billing.runRenewals()).toBe(1);
    }
    expect(await app.billing.runRenewals()).toBe(0);
    const token = await m.token();
    const headers = { 'x-site-key': '8' };
    const receipts = await mailsTo(app, m.email, 'payment_receipt');
    expect(receipts).toHaveLength(3);
    const listed = await call(app, 'GET', '/api/v1/coupon-center-transactions/', {
      token,
      headers,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const transactions = listed.json<{ results: { id: number; receipt_url: string }[] }>().results;
    const links = receipts.map((mail) => actionLink(mail, 'View your receipt').href);
    expect(links.sort()).toEqual(transactions.map((row) => row.receipt_url).sort());
    for (const mail of receipts) {
      expect(mail.subject).toBe('Your PromoPulse.com receipt for $24.99');
      expect(mail.headers).toBeNull();
      const path = actionLink(mail, 'View your receipt').pathname;
      await expectBrandMail(app, mail, {
        brand: 'PromoPulse',
        origin: 'http://localhost:4008',
        action: 'View your receipt',
        path,
      });
      const receipt = await app.inject({ method: 'GET', url: path });
      expect(receipt.body).toContain('$24.99');
    }
    expect(await mailsTo(app, m.email, 'payment_failed')).toEqual([]);
  });

  it('mails once that a renewal failed (past due), not again when unpaid, and no cancellation when paying again replaces it', async () => {
    const { app, clock } = ctx();
    const m = await merchant(app);
    await subscribe(app, await m.token(), { ...GOOD_CARD, card_number: '4000 0000 0000 0341' });
    clock.advance(31 * DAY);
    await app.billing.runRenewals();
    for (let retry = 0; retry < 2; retry += 1) {
      clock.advance(3 * DAY);
      await app.billing.runRenewals();
    }
    const [failed, ...more] = await mailsTo(app, m.email, 'payment_failed');
    expect(more).toEqual([]);
    if (!failed) throw new Error('no payment failed mail');
    expect(failed.subject).toBe('Your VoucherNest.co.uk payment failed');
    expect(failed.textBody).toContain('past due');
    await expectBrandMail(app, failed, {
      brand: 'VoucherNest',
      origin: 'http://localhost:4007',
      action: 'Reactivate your subscription',
      path: '/payment',
    });

    await subscribe(app, await m.token());
    expect(await mailsTo(app, m.email, 'subscription_canceled')).toEqual([]);
    expect(await mailsTo(app, m.email, 'payment_receipt')).toHaveLength(2);
  });

  it('mails once when the cancelled subscription ends, with the link to reactivate', async () => {
    const { app, clock } = ctx();
    const m = await merchant(app, 10);
    await subscribeOn(app, m, 10);
    const token = await m.token();
    for (let i = 0; i < 2; i += 1) {
      const cancel = await call(app, 'POST', '/api/v1/stripe-update-subscription/', {
        token,
        headers: { 'x-site-key': '10' },
        body: { status: 'canceled' },
      });
      expect(cancel.statusCode).toBe(200);
    }
    // Cancelled at the end of the paid period: it ends, and is mailed, then.
    expect(await mailsTo(app, m.email, 'subscription_canceled')).toEqual([]);
    clock.advance(32 * DAY);
    await app.billing.runRenewals();
    const [canceled, ...more] = await mailsTo(app, m.email, 'subscription_canceled');
    expect(more).toEqual([]);
    if (!canceled) throw new Error('no cancellation mail');
    expect(canceled.subject).toBe('Your DiscountDen.com subscription was cancelled');
    await expectBrandMail(app, canceled, {
      brand: 'DiscountDen',
      origin: 'http://localhost:4010',
      action: 'Reactivate your subscription',
      path: '/payment',
    });
  });
});
