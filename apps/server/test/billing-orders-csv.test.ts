import { describe, expect, it } from 'vitest';
import type { Paginated, Transaction } from '@cc/contract';
import { ordersCsv } from '../src/billing/orders-csv';
import { csvFile } from '../src/core/render/csv';
import { isoDate } from '../src/core/platform/clock';
import { merchant, subscribe } from './fakes/checkout-browser';
import { call, describeEachDatabase, register } from './helpers';

const DAY = 24 * 60 * 60 * 1000;
const BOM = '\uFEFF';

/** The rows of a CSV answer, the byte order mark and the final CRLF taken off (no field here holds a line break). */
function rowsOf(body: string): string[] {
  expect(body.startsWith(BOM)).toBe(true);
  expect(body.endsWith('\r\n')).toBe(true);
  return body.slice(1, -2).split('\r\n');
}

describeEachDatabase('billing: the Order History as a CSV download', (ctx) => {
  it('answers every order of the store: date, description, amount, currency, status and receipt, named by brand, store and today', async () => {
    const { app, clock } = ctx();
    const m = await merchant(app);
    await subscribe(app, await m.token());
    clock.advance(32 * DAY);
    await app.billing.runRenewals();
    const token = await m.token();
    const orders = (await call(app, 'GET', '/api/v1/coupon-center-transactions/', { token })).json<
      Paginated<Transaction>
    >();
    expect(orders.count).toBe(2);

    const response = await call(app, 'GET', '/api/v1/billing/orders.csv', { token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="vouchernest-${m.store.slug}-orders-${isoDate(clock.now())}.csv"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    // UTF-8 on the wire: the byte order mark is EF BB BF.
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

    const rows = rowsOf(response.body);
    expect(rows[0]).toBe('Order ID,Date,Description,Amount,Currency,Status,Receipt');
    // The description holds a comma, so it is quoted.
    expect(rows.slice(1)).toEqual(
      orders.results.map((order) => {
        const date = isoDate(new Date(order.transaction_created * 1000));
        return `${order.id},${date},"VoucherNest Merchant Page, monthly subscription",19.99,GBP,Paid,${order.receipt_url}`;
      }),
    );
    // Newest first, as on the screen.
    expect(rows[1]?.startsWith(`${orders.results[0]?.id},`)).toBe(true);
  });

  it('a store with no orders downloads the header row only', async () => {
    const { app } = ctx();
    const m = await merchant(app);
    const response = await call(app, 'GET', '/api/v1/billing/orders.csv', {
      token: await m.token(),
    });
    expect(response.statusCode).toBe(200);
    expect(rowsOf(response.body)).toEqual([
      'Order ID,Date,Description,Amount,Currency,Status,Receipt',
    ]);
  });

  it("another merchant downloads only their own orders, never this store's; without a token it is 401, without a store 404", async () => {
    const { app } = ctx();
    const owner = await merchant(app);
    await subscribe(app, await owner.token());
    const ownerToken = await owner.token();
    const ownerOrders = (
      await call(app, 'GET', '/api/v1/coupon-center-transactions/', { token: ownerToken })
    ).json<Paginated<Transaction>>();
    const receipt = ownerOrders.results[0]?.receipt_url ?? '';
    expect(receipt).not.toBe('');

    const other = await merchant(app);
    const theirs = await call(app, 'GET', '/api/v1/billing/orders.csv', {
      token: await other.token(),
    });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.body).not.toContain(receipt);
    expect(theirs.headers['content-disposition']).toContain(other.store.slug);
    expect(rowsOf(theirs.body)).toHaveLength(1);
    // A query naming the owner's store changes nothing: the file is always the caller's own.
    const asked = await call(
      app,
      'GET',
      `/api/v1/billing/orders.csv?store=${owner.store.id}&websiteId=${owner.store.id}`,
      {
        token: await other.token(),
      },
    );
    expect(asked.body).not.toContain(receipt);

    expect((await call(app, 'GET', '/api/v1/billing/orders.csv')).statusCode).toBe(401);
    const { token: storeless } = await register(app);
    expect(
      (await call(app, 'GET', '/api/v1/billing/orders.csv', { token: storeless })).statusCode,
    ).toBe(404);
  });
});

describe('CSV fields', () => {
  it('quotes commas, quotes and line breaks, and defuses spreadsheet formulas', () => {
    /** One row of one field, as the file writes it (byte order mark and CRLF off). */
    const field = (value: string | number) => csvFile([[value]]).slice(1, -2);
    expect(field('plain')).toBe('plain');
    expect(field(19)).toBe('19');
    expect(field('a, b')).toBe('"a, b"');
    expect(field('say "hi"')).toBe('"say ""hi"""');
    expect(field('two\nlines')).toBe('"two\nlines"');
    expect(field('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(field('+44')).toBe("'+44");
    expect(field('Café £')).toBe('Café £');
    expect(
      csvFile([
        ['a', 1],
        ['b', 2],
      ]),
    ).toBe(`${BOM}a,1\r\nb,2\r\n`);
  });

  it('writes amounts in the currency of each order with two decimals', () => {
    const csv = ordersCsv({
      description: 'Plan',
      transactions: [
        {
          id: 3,
          transaction_created: 0,
          currency: 'usd',
          amount: 2499,
          receipt_url: 'https://r/3',
        },
      ],
    });
    expect(csv).toBe(
      `${BOM}Order ID,Date,Description,Amount,Currency,Status,Receipt\r\n3,1970-01-01,Plan,24.99,USD,Paid,https://r/3\r\n`,
    );
  });
});
