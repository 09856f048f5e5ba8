import { CLIENT_IDS, type ClientId } from '@cc/config';
import { EnvError, type Settings } from './settings/read';
import { brandSetting } from './settings/schema';

/** A supplier as every invoice prints it: legal name, address lines and VAT number ('' where none). */
export type InvoiceSupplier = { name: string; address: string[]; vatNumber: string };
export type InvoiceSuppliers = { uk: InvoiceSupplier; us: InvoiceSupplier };

/** Billing settings: the embedded local provider, or Stripe with its keys, prices and payment links. */
export type BillingEnv = {
  provider: 'local' | 'stripe';
  /**
   * The local provider takes any Luhn-valid card number, so its checkout pages and receipts
   * say TEST MODE; in production it runs only with ALLOW_TEST_BILLING=1.
   */
  /** How often the renewal job runs (local provider); 0 turns the tick off. */
  renewalIntervalMs: number;
  stripe?: {
    secretKey: string;
    webhookSecret: string;
    priceIds: Record<ClientId, string>;
    /** Another API address (a mock server); Stripe's own when undefined. */
    api?: { host: string; port: number; protocol: 'http' | 'https' };
  };
};

/** BILLING_PROVIDER and its settings: local (in production only with ALLOW_TEST_BILLING=1), or Stripe with every key and price. */
export function billingEnv(settings: Settings): BillingEnv {
  const provider = settings.text('BILLING_PROVIDER') === 'stripe' ? 'stripe' : 'local';
  const renewalIntervalMs = settings.number('BILLING_RENEWAL_INTERVAL_MS') ?? 0;
  if (provider === 'local') {
    if (settings.production && !settings.flag('ALLOW_TEST_BILLING')) {
      throw new EnvError(
        'BILLING_PROVIDER=local accepts test cards only; set ALLOW_TEST_BILLING=1 to run it in production',
      );
    }
    return { provider, renewalIntervalMs };
  }
  const missing: string[] = [];
  const required = (name: string) => {
    const value = settings.text(name) ?? '';
    if (!value) missing.push(name);
    return value;
  };
  const secretKey = required('STRIPE_SECRET_KEY');
  const webhookSecret = required('STRIPE_WEBHOOK_SECRET');
  const priceIds = Object.fromEntries(
    CLIENT_IDS.map((id) => [id, required(brandSetting('STRIPE_PRICE_ID_', id))]),
  ) as Record<ClientId, string>;
  // STRIPE_PAYMENT_LINK_* (older deployments) are accepted and ignored: every checkout is a session we create.
  if (missing.length) throw new EnvError(`BILLING_PROVIDER=stripe needs ${missing.join(', ')}`);
  let api: NonNullable<BillingEnv['stripe']>['api'];
  const apiUrl = settings.text('STRIPE_API_URL');
  if (apiUrl) {
    const url = new URL(apiUrl);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    api = {
      host: url.hostname,
      port: Number(url.port) || (protocol === 'http' ? 80 : 443),
      protocol,
    };
  }
  return {
    provider,
    renewalIntervalMs,
    stripe: { secretKey, webhookSecret, priceIds, ...(api ? { api } : {}) },
  };
}

/** Outside production, where a supplier setting is unset: placeholders no one could take for real. */
export const PLACEHOLDER_SUPPLIERS: InvoiceSuppliers = {
  uk: {
    name: 'VoucherNest Placeholder Ltd',
    address: ['1 Placeholder Street', 'London', 'AB1 2CD', 'United Kingdom'],
    vatNumber: 'GB000000000',
  },
  us: {
    name: 'Coupon Center Placeholder Inc.',
    address: ['1 Placeholder Avenue', 'Wilmington, DE 19801', 'United States'],
    vatNumber: '',
  },
};

/**
 * INVOICE_SUPPLIER_*: the legal name, address (lines split on "|" or newlines) and, UK, VAT
 * number every invoice prints. Outside production an unset one is an obvious placeholder; in
 * production the schema requires the UK ones while the instance serves the UK brand.
 */
export function invoiceSuppliersEnv(settings: Settings): InvoiceSuppliers {
  const text = (name: string) => settings.text(name) ?? '';
  const lines = (name: string) =>
    text(name)
      .split(/\||\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean);
  const supplier = (key: 'UK' | 'US', fallback: InvoiceSupplier): InvoiceSupplier => {
    const empty = settings.production ? { name: '', address: [], vatNumber: '' } : fallback;
    const address = lines(`INVOICE_SUPPLIER_ADDRESS_${key}`);
    return {
      name: text(`INVOICE_SUPPLIER_NAME_${key}`) || empty.name,
      address: address.length ? address : empty.address,
      vatNumber: key === 'UK' ? text('INVOICE_SUPPLIER_VAT_UK') || empty.vatNumber : '',
    };
  };
  return {
    uk: supplier('UK', PLACEHOLDER_SUPPLIERS.uk),
    us: supplier('US', PLACEHOLDER_SUPPLIERS.us),
  };
}
