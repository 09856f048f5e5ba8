import { EnvError, loadEnv } from '../src/core/platform/env';

/**
 * What a production deployment of every brand sets (each test takes one thing away or changes
 * it): PostgreSQL, SMTP, Stripe, each brand's https:// origin and sender, the UK supplier.
 */
export const PRODUCTION: NodeJS.ProcessEnv = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://coupon-center@127.0.0.1:5432/coupon_center',
  JWT_SECRET: 'a-production-secret-that-is-long-enough-to-sign',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  METRICS_TOKEN: 'a-metrics-token-for-scrapes',
  BILLING_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  STRIPE_PRICE_ID_UK: 'price_uk',
  STRIPE_PRICE_ID_US_PROMO: 'price_promo',
  STRIPE_PRICE_ID_US_DISCOUNT: 'price_discount',
  ORIGIN_UK: 'https://www.vouchernest.co.uk',
  ORIGIN_US_PROMO: 'https://www.promopulse.com',
  ORIGIN_US_DISCOUNT: 'https://www.discountden.com',
  MAIL_FROM_UK: 'VoucherNest <no-reply@vouchernest.co.uk>',
  MAIL_FROM_US_PROMO: 'PromoPulse <no-reply@promopulse.com>',
  MAIL_FROM_US_DISCOUNT: 'DiscountDen <no-reply@discountden.com>',
  INVOICE_SUPPLIER_NAME_UK: 'VoucherNest Ltd',
  INVOICE_SUPPLIER_ADDRESS_UK: '1 High Street|London|EC1A 1AA',
  INVOICE_SUPPLIER_VAT_UK: 'GB123456789',
};

/** `source` without the settings named. */
export function without(source: NodeJS.ProcessEnv, ...names: string[]): NodeJS.ProcessEnv {
  const copy = { ...source };
  for (const name of names) delete copy[name];
  return copy;
}

/** The one-line reason the settings parser refuses `source` with; fails the test when it accepts them. */
export function refusal(source: NodeJS.ProcessEnv): string {
  try {
    loadEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.message;
    throw error;
  }
  throw new Error('the settings were accepted');
}
