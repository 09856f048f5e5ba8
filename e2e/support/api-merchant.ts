import { expect } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { storeSlug } from '../../packages/config/src/slug';
import type { E2EBrand } from './brands';
import { mailLink, registerByApi, utcDay, verifyByApi } from './helpers';
import { cardExpiry, GOOD_CARD, PASSWORD } from './merchant-journey';
import { staffTokenByApi } from './staff-totp';

/**
 * A merchant, a store, coupons, a payment and the staff's approval made through the API,
 * as the register, My Store, coupon and checkout screens and the review console send
 * them, for journeys that need a store to exist (other journeys walk those screens).
 */

export { STAFF } from './staff-totp';

export type ApiMerchant = {
  email: string;
  token: string;
  /** The brand's site headers with the merchant's token, as the merchant centre sends them. */
  headers: Record<string, string>;
  store: { id: number; slug: string; name: string };
};

/** Registers and verifies `email` (password PASSWORD) and creates the store `name` with `website`. */
export async function merchantWithStore(
  request: APIRequestContext,
  brand: E2EBrand,
  options: {
    email: string;
    name: string;
    website: string;
    /** The verification link mailed at registration; from the server's development mailbox when not given. */
    verificationLink?: () => Promise<string>;
  },
): Promise<ApiMerchant> {
  const { email, name, website } = options;
  const client = brand.config.clientId;
  const token = await registerByApi(request, brand, email, PASSWORD);
  // Only a verified owner's store enters the review queue.
  const link = await (options.verificationLink?.() ??
    mailLink(request, email, '/auth/verify-email?token=', brand.origin));
  await verifyByApi(request, brand, link);
  const headers = {
    'x-site-key': String(client),
    'x-coupon-center': '1',
    authorization: `Bearer ${token}`,
  };
  const created = await request.post(`${brand.origin}/api/v1/stores/`, {
    headers,
    data: {
      name,
      contact_first_name: 'Ada',
      contact_last_name: 'Lovelace',
      contact_email: email,
      logo_url: '',
      website_url: website,
      affiliate_website_url: '',
      client,
      slug: storeSlug(name, brand.config.slugSuffix),
      location: brand.config.location,
      primary_category: brand.config.primaryCategory,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, slug } = (await created.json()) as { id: number; slug: string };
  return { email, token, headers, store: { id, slug, name } };
}

/**
 * Adds an approved coupon to the merchant's store and answers its id: a deal with no
 * savings, started yesterday and open-ended, unless `fields` say otherwise.
 */
export async function addCouponByApi(
  request: APIRequestContext,
  brand: E2EBrand,
  merchant: ApiMerchant,
  fields: Record<string, unknown>,
): Promise<number> {
  const response = await request.post(`${brand.origin}/api/v1/coupons/`, {
    headers: merchant.headers,
    data: {
      store: merchant.store.id,
      approved: true,
      custom_url: '',
      destination_affiliate_url: '',
      destination_coupon_url: '',
      discount_code: '',
      savings_amount: null,
      savings_percent: null,
      savings_minimum_order: null,
      up_to_savings_percent: 0,
      title: '',
      start_date: utcDay(-1),
      expiration_date: null,
      ...fields,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** Pays the brand's plan through its payment link in the local checkout, as the checkout form posts it. */
export async function payByApi(
  request: APIRequestContext,
  brand: E2EBrand,
  merchant: ApiMerchant,
  card = GOOD_CARD,
) {
  const plans = await request.get(
    `${brand.origin}/api/v1/coupon-center-plans/?client=${brand.config.clientId}`,
    { headers: merchant.headers },
  );
  const [plan] = (await plans.json()) as { payment_link: { url: string } }[];
  const opened = await request.get(plan?.payment_link.url ?? '', { maxRedirects: 0 });
  expect(opened.status()).toBe(303);
  const paid = await request.post(`${brand.origin}${opened.headers().location ?? ''}`, {
    maxRedirects: 0,
    form: { card_number: card, expiry: cardExpiry(), cvc: '123', name: 'Ada Lovelace' },
  });
  expect(paid.status(), await paid.text()).toBe(303);
}

/** Staff approve the store through the review API on `apiOrigin` (the server's API port), as the console's Approve button does. */
export async function approveAsStaff(
  request: APIRequestContext,
  apiOrigin: string,
  storeId: number,
) {
  // Staff sign in with the code of their authenticator app (enrolled at the first sign-in).
  const token = await staffTokenByApi(request, apiOrigin);
  const approved = await request.post(`${apiOrigin}/api/v1/review/stores/${storeId}/approve/`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(approved.status(), await approved.text()).toBe(200);
}
