import { describe, expect, it } from 'vitest';
import { invoiceRepository } from '../src/billing/invoices/repository';
import { EnvError, loadEnv } from '../src/core/platform/env';
import {
  GOOD_CARD,
  merchant,
  openLink,
  planOf,
  submitCard,
  type Merchant,
} from './fakes/checkout-browser';
import { describeEachDatabase, secondInstance } from './helpers';
import { ordersOf, payingMerchant } from './invoices-fixtures';
import { PRODUCTION as BASE_PRODUCTION } from './production-settings';

const CLIENTS = [7, 8, 10] as const;
const PER_BRAND = 4;

describeEachDatabase('invoices: numbers gap-free per brand, never duplicated', (ctx) => {
  const other = secondInstance(ctx);

  it('charges paid at once through two instances get exactly the numbers 1..N of their brand', async () => {
    const { app } = ctx();
    const buyers: { m: Merchant; client: (typeof CLIENTS)[number]; session: string }[] = [];
    for (const client of CLIENTS) {
      for (let i = 0; i < PER_BRAND; i += 1) {
        const m = await merchant(app, client);
        const plan = await planOf(app, await m.token(), client);
        buyers.push({ m, client, session: await openLink(app, plan.payment_link.url) });
      }
    }
    const paid = await Promise.all(
      buyers.map((buyer, index) =>
        submitCard(index % 2 === 0 ? app : other(), buyer.session, GOOD_CARD),
      ),
    );
    expect(paid.map((response) => response.statusCode)).toEqual(buyers.map(() => 303));

    for (const client of CLIENTS) {
      const issued = await app.billing.invoices.ofClient(client);
      expect(issued.map((invoice) => invoice.number)).toEqual(
        Array.from({ length: PER_BRAND }, (_, index) => index + 1),
      );
      expect(new Set(issued.map((invoice) => invoice.transactionId)).size).toBe(PER_BRAND);
    }
    for (const buyer of buyers) {
      const orders = await ordersOf(other(), buyer.m, buyer.client);
      expect(orders).toHaveLength(1);
      expect(orders[0]?.invoice_number).toMatch(/^(VN|PP|DD)-00000[1-4]$/);
    }
  });

  it('a charge rolled back gives its number back: the next invoice takes it', async () => {
    const { app } = ctx();
    const repo = invoiceRepository(app.db);
    const before = (await app.billing.invoices.ofClient(8)).length;
    await expect(
      app.db.transaction(async (tx) => {
        expect(await repo.nextNumber(8, tx)).toBe(before + 1);
        throw new Error('the charge failed to record');
      }),
    ).rejects.toThrow('the charge failed to record');
    const m = await payingMerchant(app, 8);
    const [order] = await ordersOf(app, m, 8);
    expect(order?.invoice_number).toBe(`PP-${String(before + 1).padStart(6, '0')}`);
  });
});

describe('invoice supplier settings', () => {
  const PRODUCTION: NodeJS.ProcessEnv = {
    ...BASE_PRODUCTION,
    BILLING_PROVIDER: 'local',
    ALLOW_TEST_BILLING: '1',
    INVOICE_SUPPLIER_ADDRESS_UK: '2 Market Street|Manchester\nM1 1AA',
    INVOICE_SUPPLIER_VAT_UK: 'GB987654321',
  };
  const refusal = (source: NodeJS.ProcessEnv) => {
    try {
      loadEnv(source);
    } catch (error) {
      if (error instanceof EnvError) return error.message;
      throw error;
    }
    return 'accepted';
  };

  it.each(['INVOICE_SUPPLIER_NAME_UK', 'INVOICE_SUPPLIER_ADDRESS_UK', 'INVOICE_SUPPLIER_VAT_UK'])(
    'production refuses to start without %s while it can charge the UK brand, naming it',
    (name) => {
      const source = { ...PRODUCTION, [name]: ' ' };
      expect(refusal(source)).toBe(
        `${name} is required when NODE_ENV=production (VoucherNest's VAT invoices print it)`,
      );
      expect(refusal({ ...source, BRANDS: '' })).toMatch(new RegExp(`^${name} is required`));
      // An instance serving only the US brands does not charge the UK one.
      expect(refusal({ ...source, BRANDS: 'us-promo,us-discount' })).toBe('accepted');
    },
  );

  it('reads the address lines split on "|" or new lines; outside production unset settings are placeholders', () => {
    const env = loadEnv(PRODUCTION);
    expect(env.invoiceSuppliers.uk).toEqual({
      name: 'VoucherNest Ltd',
      address: ['2 Market Street', 'Manchester', 'M1 1AA'],
      vatNumber: 'GB987654321',
    });
    expect(env.invoiceSuppliers.us).toEqual({ name: '', address: [], vatNumber: '' });
    const development = loadEnv({
      JWT_SECRET: PRODUCTION.JWT_SECRET,
      INVOICE_SUPPLIER_NAME_US: 'Coupon Center Inc.',
    });
    expect(development.invoiceSuppliers.uk.name).toMatch(/Placeholder/);
    expect(development.invoiceSuppliers.us.name).toBe('Coupon Center Inc.');
    expect(development.invoiceSuppliers.us.address.join(' ')).toMatch(/Placeholder/);
  });
});
