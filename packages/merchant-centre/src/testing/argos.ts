import argosLogo from '@cc/config/brands/uk-argos.svg?raw';
import type { Store } from '@cc/contract';
import { http, HttpResponse } from 'msw';
import { meAnswer } from './api-handlers';
import { me, store } from './fixtures';

/** Where the server keeps the logo: an absolute URL, as the store form accepts no other. */
const LOGO_URL = new URL('/media/logos/argos.svg', globalThis.location?.href ?? 'http://localhost/')
  .href;

/** The logo's file at LOGO_URL. */
export const argosLogoAnswer = http.get(LOGO_URL, () =>
  HttpResponse.text(argosLogo, { headers: { 'content-type': 'image/svg+xml' } }),
);

/** The store of the stories, as the coupons carry it. */
export const ARGOS = {
  id: 5,
  slug: 'argos-voucher-codes',
  name: 'Argos',
  logo_url: LOGO_URL,
  website_url: 'https://www.argos.co.uk',
};

/** The Argos store as the server sends it: approved, with its logo and contact. */
export const argosStore = (overrides: Partial<Store> = {}): Store =>
  store({
    ...ARGOS,
    affiliate_website_url: 'https://www.awin1.com/argos',
    contact_first_name: 'Jane',
    contact_last_name: 'Smith',
    contact_email: 'jane.smith@argos.test',
    is_approved: true,
    url: `/stores/${ARGOS.slug}`,
    ...overrides,
  });

/** GET /auth/me/ of the merchant signed in with the Argos store (null: no store yet). */
export const argosMerchant = (overrides: Partial<Store> | null = {}) =>
  meAnswer(
    me({
      store: overrides ? argosStore(overrides) : null,
      coupon_center_txn: overrides ? { id: 41 } : null,
    }),
  );
