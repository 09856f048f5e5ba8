import { expect, it } from 'vitest';
import type { AccountSession, Coupon, Paginated, Store, Transaction } from '@cc/contract';
import { isoDate } from '../src/core/platform/clock';
import { INSIGHTS_PAGE_DAYS } from '../src/account-data/export';
import { addCounts, json, liveMerchant, text, unzip } from './account-data-fixtures';
import { merchant } from './fakes/checkout-browser';
import { call, dayOffset, describeEachDatabase } from './helpers';

const BOM = '\uFEFF';
const FILES = [
  'README.txt',
  'account.json',
  'store.json',
  'coupons.json',
  'coupons.csv',
  'insights.json',
  'insights.csv',
  'orders.json',
  'orders.csv',
  'sessions.json',
];

type Figures = {
  coupon_id: number;
  day: string;
  views: number;
  reveals: number;
  clicks: number;
  answers_yes: number;
  answers_no: number;
};

/** A CSV entry's rows: the byte order mark once at the start, CRLF rows. */
function csvRows(body: string): string[] {
  expect(body.startsWith(BOM)).toBe(true);
  expect(body.slice(1)).not.toContain(BOM);
  expect(body.endsWith('\r\n')).toBe(true);
  return body.slice(1, -2).split('\r\n');
}

describeEachDatabase('Download my data', (ctx) => {
  it('is a ZIP named by brand and today, never cached, holding the account, store, coupons, counts, orders and devices', async () => {
    const { app, clock } = ctx();
    const owner = await liveMerchant(app);
    const [first, second] = owner.couponIds as [number, number];
    await addCounts(app, first, 3);
    const saved = await call(app, 'PUT', '/api/v1/billing-details/', {
      token: owner.token,
      body: {
        billing_name: 'Harbour Ltd',
        address_line1: '1 Quay St',
        city: 'Bristol',
        postal_code: 'BS1 1AA',
        country: 'GB',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const response = await call(app, 'GET', '/api/v1/account/export/', { token: owner.token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="uk-account-${isoDate(clock.now())}.zip"`,
    );
    const entries = await unzip(response.rawPayload);
    const names = [...entries.keys()];
    expect(names.filter((name) => !name.startsWith('invoices/')).sort()).toEqual([...FILES].sort());

    const readme = text(entries, 'README.txt');
    for (const name of FILES.filter((n) => n !== 'README.txt')) expect(readme).toContain(name);

    expect(json(entries, 'account.json')).toMatchObject({
      email: owner.email,
      email_verified: true,
      first_name: 'Ada',
      last_name: 'Lovelace',
      brand: { client: 7, name: 'VoucherNest' },
    });

    const store = json<Store & Record<string, unknown>>(entries, 'store.json');
    expect(store).toMatchObject({
      id: owner.store.id,
      slug: owner.store.slug,
      logo_url: owner.logoUrl,
      is_approved: true,
    });
    expect(store.stripe_subscription?.status).toBe('active');
    expect(store.billing_details).toMatchObject({ billing_name: 'Harbour Ltd', city: 'Bristol' });
    expect(store.mail_preferences).toEqual({
      expiring_coupons: true,
      expired_coupons: true,
      weekly_summary: false,
    });

    const coupons = json<Coupon[]>(entries, 'coupons.json');
    expect(coupons.map((c) => c.id)).toEqual(owner.couponIds);
    const couponRows = csvRows(text(entries, 'coupons.csv'));
    expect(couponRows[0]).toBe(
      'Coupon ID,Offer type,Title,Description,Code,Destination URL,Start date,Expiration date,Savings amount,Savings percent,Minimum order,Position',
    );
    expect(couponRows).toHaveLength(3);
    // A code that reads as a formula is defused, as in every CSV download.
    expect(couponRows[2]).toContain(
      `${second},sitewide_percent,20% OFF,20% off everything,"'=HYPERLINK(""x"")"`,
    );

    const figures = json<Figures[]>(entries, 'insights.json');
    expect(figures).toEqual([
      {
        coupon_id: first,
        day: dayOffset(clock, -2),
        views: 1,
        reveals: 0,
        clicks: 0,
        answers_yes: 0,
        answers_no: 0,
      },
      {
        coupon_id: first,
        day: dayOffset(clock, -1),
        views: 2,
        reveals: 1,
        clicks: 1,
        answers_yes: 0,
        answers_no: 0,
      },
      {
        coupon_id: first,
        day: dayOffset(clock, 0),
        views: 3,
        reveals: 2,
        clicks: 0,
        answers_yes: 1,
        answers_no: 1,
      },
    ]);
    expect(csvRows(text(entries, 'insights.csv'))).toEqual([
      'Coupon ID,Date,Views,Code reveals,Clicks,Worked: yes,Worked: no',
      `${first},${dayOffset(clock, -2)},1,0,0,0,0`,
      `${first},${dayOffset(clock, -1)},2,1,1,0,0`,
      `${first},${dayOffset(clock, 0)},3,2,0,1,1`,
    ]);

    // The Order History: the same orders as the payment screen and its download.
    const history = (
      await call(app, 'GET', '/api/v1/coupon-center-transactions/', { token: owner.token })
    ).json<Paginated<Transaction>>();
    expect(history.count).toBe(1);
    const orders = json<(Transaction & { paid_at: string })[]>(entries, 'orders.json');
    expect(orders.map(({ paid_at: _paidAt, ...order }) => order)).toEqual(history.results);
    const download = await call(app, 'GET', '/api/v1/billing/orders.csv', { token: owner.token });
    expect(text(entries, 'orders.csv')).toBe(download.body);

    // Each order's invoice as a PDF named by its number.
    const invoiceNumber = history.results[0]?.invoice_number ?? '';
    expect(invoiceNumber).toMatch(/^VN-\d{6}$/);
    expect(names.filter((name) => name.startsWith('invoices/'))).toEqual([
      `invoices/${invoiceNumber}.pdf`,
    ]);
    expect(entries.get(`invoices/${invoiceNumber}.pdf`)?.subarray(0, 5).toString()).toBe('%PDF-');

    // The one signed-in device: this one.
    const sessions = json<AccountSession[]>(entries, 'sessions.json');
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ current: true, created_at: expect.any(String) as string });
  });

  it("holds only the caller's own data: another merchant's export has none of it", async () => {
    const { app } = ctx();
    const owner = await liveMerchant(app);
    await addCounts(app, owner.couponIds[0] ?? 0, 5);
    const other = await merchant(app);
    const response = await call(app, 'GET', '/api/v1/account/export/', {
      token: await other.token(),
    });
    expect(response.statusCode).toBe(200);
    const entries = await unzip(response.rawPayload);
    expect(json(entries, 'account.json')).toMatchObject({ email: other.email });
    expect(json<Store>(entries, 'store.json').id).toBe(other.store.id);
    expect(json(entries, 'coupons.json')).toEqual([]);
    expect(json(entries, 'insights.json')).toEqual([]);
    expect(json(entries, 'orders.json')).toEqual([]);
    expect(csvRows(text(entries, 'insights.csv'))).toHaveLength(1);
    const everything = [...entries.values()].map((entry) => entry.toString('utf8')).join('\n');
    for (const secret of [
      owner.email,
      owner.store.slug,
      owner.logoUrl,
      `"coupon_id": ${owner.couponIds[0]}`,
    ]) {
      expect(everything).not.toContain(secret);
    }
  });

  it('reads a long history a page of days at a time and writes every day once, oldest first', async () => {
    const { app, clock } = ctx();
    const owner = await liveMerchant(app);
    const [first, second] = owner.couponIds as [number, number];
    const days = 2 * INSIGHTS_PAGE_DAYS + 17;
    await addCounts(app, first, days);
    await addCounts(app, second, 1);
    const response = await call(app, 'GET', '/api/v1/account/export/', { token: owner.token });
    const entries = await unzip(response.rawPayload);
    const figures = json<Figures[]>(entries, 'insights.json');
    expect(figures).toHaveLength(days + 1);
    const firsts = figures.filter((row) => row.coupon_id === first);
    expect(firsts.map((row) => row.views)).toEqual(Array.from({ length: days }, (_, i) => i + 1));
    expect(firsts[0]?.day).toBe(dayOffset(clock, 1 - days));
    expect(figures.at(-1)).toMatchObject({
      coupon_id: second,
      day: dayOffset(clock, 0),
      answers_yes: 1,
    });
    expect(csvRows(text(entries, 'insights.csv'))).toHaveLength(days + 2);
  });

  it('a merchant without a store gets their account and empty lists; without a token it is 401', async () => {
    const { app } = ctx();
    const registered = await call(app, 'POST', '/api/v1/auth/email-register/', {
      body: {
        email: 'no-store@example.com',
        password: 'shop-secret-123',
        siteId: 7,
        type: 2,
        first_name: 'N/A',
        last_name: 'N/A',
      },
    });
    const { token } = registered.json<{ token: string }>();
    const entries = await unzip(
      (await call(app, 'GET', '/api/v1/account/export/', { token })).rawPayload,
    );
    expect(json(entries, 'account.json')).toMatchObject({
      email: 'no-store@example.com',
      email_verified: false,
    });
    expect(json(entries, 'store.json')).toBeNull();
    expect(json(entries, 'coupons.json')).toEqual([]);
    expect(json(entries, 'orders.json')).toEqual([]);

    expect((await call(app, 'GET', '/api/v1/account/export/')).statusCode).toBe(401);
    expect(
      (await call(app, 'GET', '/api/v1/account/export/', { token: 'not-a-token' })).statusCode,
    ).toBe(401);
  });
});
