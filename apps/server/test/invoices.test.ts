import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { PLACEHOLDER_SUPPLIERS } from '../src/core/platform/env';
import { subscribeDemoStore } from '../src/demo/billing';
import { merchant } from './fakes/checkout-browser';
import { describeEachDatabase } from './helpers';
import {
  download,
  longDay,
  ordersOf,
  payingMerchant,
  pdfText,
  UK_DETAILS,
} from './invoices-fixtures';

const DAY = 24 * 60 * 60 * 1000;

describeEachDatabase('invoices: a PDF for every paid charge, numbered per brand', (ctx) => {
  it('a UK charge has a VAT invoice with the supplier, the customer and their VAT number, and sums that agree to the penny', async () => {
    const { app } = ctx();
    const m = await payingMerchant(app, 7, UK_DETAILS);
    const [order] = await ordersOf(app, m, 7);
    if (!order) throw new Error('no order');
    expect(order.invoice_number).toMatch(/^VN-\d{6}$/);
    const token = new URL(order.receipt_url).pathname.split('/').at(-1);
    expect(order.invoice_url).toBe(`http://localhost:4007/checkout/receipts/${token}/invoice.pdf`);

    const pdf = await download(app, order.invoice_url ?? '');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="${order.invoice_number}.pdf"`,
    );
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    const text = await pdfText(pdf.rawPayload);
    const paidOn = longDay(order.transaction_created, 'en-GB');
    const lines = text.split('\n');
    expect(lines[0]).toBe('VAT invoice');
    for (const line of [
      `Invoice number: ${order.invoice_number}`,
      `Date of issue: ${paidOn}`,
      `Tax point: ${paidOn}`,
      PLACEHOLDER_SUPPLIERS.uk.name,
      ...PLACEHOLDER_SUPPLIERS.uk.address,
      `VAT number: ${PLACEHOLDER_SUPPLIERS.uk.vatNumber}`,
      'Acme Trading Ltd',
      '1 High Street',
      'Unit 4',
      'Leeds',
      'LS1 1AA',
      'United Kingdom',
      'VAT number: GB123456789',
      m.email,
      'Net total: £16.66',
      'VAT at 20%: £3.33',
      'Total (including VAT): £19.99',
      `Paid in full on ${paidOn}. Thank you.`,
    ]) {
      expect(lines, line).toContain(line);
    }
    // The line: the plan and the month paid for, net, rate, VAT and gross in one row.
    expect(text).toMatch(
      /VoucherNest Merchant Page, \d{1,2} \w{3} \d{4} to .* £16\.66 20% £3\.33 £19\.99/s,
    );
    expect(16_66 + 3_33).toBe(order.amount);
  });

  it('a UK customer without billing details is invoiced under the store name, without a VAT number of theirs', async () => {
    const { app } = ctx();
    const m = await payingMerchant(app, 7);
    const [order] = await ordersOf(app, m, 7);
    const text = await pdfText((await download(app, order?.invoice_url ?? '')).rawPayload);
    expect(text.split('\n')).toContain(m.store.name);
    expect(text.split('\n')).toContain(m.email);
    // Only the supplier's VAT number is printed.
    expect(text.match(/VAT number:/g)).toHaveLength(1);
    expect(text).toContain('Total (including VAT): £19.99');
  });

  it.each([
    [8, 'PP', 'PromoPulse'],
    [10, 'DD', 'DiscountDen'],
  ] as const)(
    'a US charge (client %i) has an invoice numbered %s- with the total only, no VAT lines',
    async (client, prefix, brand) => {
      const { app } = ctx();
      const m = await payingMerchant(app, client, {
        billing_name: 'Widget Co',
        city: 'Austin',
        country: 'United States',
      });
      const [order] = await ordersOf(app, m, client);
      expect(order?.invoice_number).toMatch(new RegExp(`^${prefix}-\\d{6}$`));
      const pdf = await download(app, order?.invoice_url ?? '');
      expect(pdf.headers['content-disposition']).toBe(
        `attachment; filename="${order?.invoice_number}.pdf"`,
      );
      const text = await pdfText(pdf.rawPayload);
      const lines = text.split('\n');
      const paidOn = longDay(order?.transaction_created ?? 0, 'en-US');
      expect(lines[0]).toBe('Invoice');
      for (const line of [
        `Invoice number: ${order?.invoice_number}`,
        `Date of issue: ${paidOn}`,
        PLACEHOLDER_SUPPLIERS.us.name,
        ...PLACEHOLDER_SUPPLIERS.us.address,
        'Widget Co',
        'Austin',
        'United States',
        'Total: $24.99',
        `Paid in full on ${paidOn}. Thank you.`,
      ]) {
        expect(lines, line).toContain(line);
      }
      expect(text).toMatch(
        new RegExp(`${brand} Merchant Page, \\w{3} \\d{1,2}, \\d{4} to .* \\$24\\.99`, 's'),
      );
      expect(text).not.toMatch(/VAT|Tax point|Net/);
    },
  );

  it('renewals get the next numbers of their brand, gap-free from 1, and every order lists its own', async () => {
    const { app, clock } = ctx();
    const m = await payingMerchant(app, 10);
    for (let month = 0; month < 2; month += 1) {
      clock.advance(31 * DAY);
      expect(await app.billing.runRenewals()).toBeGreaterThanOrEqual(1);
    }
    const orders = await ordersOf(app, m, 10);
    expect(orders).toHaveLength(3);
    const numbers = orders.map((order) => order.invoice_number);
    expect(new Set(numbers).size).toBe(3);
    for (const client of [7, 8, 10] as const) {
      const issued = await app.billing.invoices.ofClient(client);
      expect(issued.map((invoice) => invoice.number)).toEqual(issued.map((_, index) => index + 1));
      expect(
        issued.every(
          (invoice) =>
            invoice.reference ===
            `${{ 7: 'VN', 8: 'PP', 10: 'DD' }[client]}-${String(invoice.number).padStart(6, '0')}`,
        ),
      ).toBe(true);
    }
  });

  it('orders recorded before invoices existed (the demo seed) get theirs on first listing, numbered in payment order', async () => {
    const { app, clock } = ctx();
    const m = await merchant(app, 8);
    const start = new Date(clock.now().getTime() - 70 * DAY);
    expect(
      await subscribeDemoStore(app.db, {
        storeId: m.store.id,
        email: m.email,
        client: 8,
        start,
        clock,
      }),
    ).toBe(true);
    const before = (await app.billing.invoices.ofClient(8)).length;
    const orders = await ordersOf(app, m, 8);
    expect(orders).toHaveLength(3);
    const oldestFirst = [...orders].reverse().map((order) => order.invoice_number);
    expect(oldestFirst).toEqual([1, 2, 3].map((n) => `PP-${String(before + n).padStart(6, '0')}`));
    // Listed again (another instance, or after a change): the same numbers, none issued twice.
    expect((await ordersOf(app, m, 8)).map((order) => order.invoice_number)).toEqual(
      orders.map((order) => order.invoice_number),
    );
    expect(await app.billing.invoices.ofClient(8)).toHaveLength(before + 3);
    const text = await pdfText((await download(app, orders[2]?.invoice_url ?? '')).rawPayload);
    expect(text).toContain(
      `Date of issue: ${longDay(orders[2]?.transaction_created ?? 0, 'en-US')}`,
    );
  });

  it('answers 404, not a PDF, for a link whose token names no receipt or is too long to be one', async () => {
    const { app } = ctx();
    const m = await payingMerchant(app, 7);
    const [order] = await ordersOf(app, m, 7);
    const wrong = (order?.invoice_url ?? '').replace(
      /receipts\/[^/]+\//,
      `receipts/${randomBytes(32).toString('base64url')}/`,
    );
    const missing = await download(app, wrong);
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^text\/html/);
    expect(missing.body).toContain('Invoice not found');
    const tooLong = await download(
      app,
      `http://localhost:4007/checkout/receipts/${'a'.repeat(101)}/invoice.pdf`,
    );
    expect(tooLong.statusCode).toBe(404);
    expect(tooLong.headers['content-type']).not.toBe('application/pdf');
  });

  it('the receipt page links to its invoice', async () => {
    const { app } = ctx();
    const m = await payingMerchant(app, 7);
    const [order] = await ordersOf(app, m, 7);
    const page = await download(app, order?.receipt_url ?? '');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<a href="${order?.invoice_url}">Download the invoice (PDF)</a>`);
  });
});
