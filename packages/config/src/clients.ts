import { currencySymbol } from './currency';
import { LOCATION_CODE, UK_DEFAULT_CATEGORY_ID } from './limits';
import type { ClientConfig, ClientId } from './types';

const shared = {
  storePagePath: '/stores/',
  uploadUrl: '/api/v1/uploads/image/upload',
  location: LOCATION_CODE,
  primaryCategory: UK_DEFAULT_CATEGORY_ID,
} as const;

function themeFor(prefix: string): ClientConfig['theme'] {
  return {
    primaryColor: `bg-${prefix}-primary`,
    outlineFocusColor: `focus:outline-${prefix}-primary`,
    bgColor: `bg-${prefix}-surface`,
    hoverColor: `hover:bg-${prefix}-primary-dark`,
    focusVisibleColor: `focus-visible:outline-${prefix}-primary`,
    textColor: `text-${prefix}-primary`,
    hoverTextColor: `hover:text-${prefix}-primary-dark`,
    infoBg: `bg-${prefix}-info`,
  };
}

export const UK_CLIENT: ClientConfig = {
  ...shared,
  clientId: 7,
  key: 'uk',
  clientUrl: 'https://www.vouchernest.co.uk',
  appName: 'VoucherNest',
  siteName: 'VoucherNest.co.uk',
  price: 19.99,
  priceMinor: 1999,
  currency: 'gbp',
  currencySymbol: currencySymbol('gbp'),
  theme: themeFor('uk'),
  palette: {
    primary: '#5b2a86',
    primaryDark: '#43196a',
    surface: '#f6f1fb',
    text: '#1f1630',
    onPrimary: '#ffffff',
  },
  brands: [
    { name: 'Argos', logo: 'uk-argos.svg' },
    { name: 'Boots', logo: 'uk-boots.svg' },
    { name: 'Currys', logo: 'uk-currys.svg' },
    { name: 'John Lewis', logo: 'uk-john-lewis.svg' },
    { name: 'Marks & Spencer', logo: 'uk-marks-and-spencer.svg' },
    { name: 'ASOS', logo: 'uk-asos.svg' },
    { name: 'Next', logo: 'uk-next.svg' },
    { name: 'JD Sports', logo: 'uk-jd-sports.svg' },
    { name: 'Superdrug', logo: 'uk-superdrug.svg' },
    { name: 'Halfords', logo: 'uk-halfords.svg' },
  ],
  privacyPolicyUrl: 'https://www.vouchernest.co.uk/privacy-policy',
  termsUrl: 'https://www.vouchernest.co.uk/terms',
  helpEmail: 'help@vouchernest.co.uk',
  discountText: 'Voucher',
  discountsText: 'Vouchers',
  productWord: 'vouchers',
  slugSuffix: '-voucher-codes',
  uploadPreset: 'vouchernest-logos',
  locale: 'en-GB',
};

export const US_PROMO_CLIENT: ClientConfig = {
  ...shared,
  clientId: 8,
  key: 'us-promo',
  clientUrl: 'https://www.promopulse.com',
  appName: 'PromoPulse',
  siteName: 'PromoPulse.com',
  price: 24.99,
  priceMinor: 2499,
  currency: 'usd',
  currencySymbol: currencySymbol('usd'),
  theme: themeFor('promo'),
  palette: {
    primary: '#b3340b',
    primaryDark: '#8a2606',
    surface: '#fff5ef',
    text: '#2a150c',
    onPrimary: '#ffffff',
  },
  brands: [
    { name: 'Target', logo: 'us-target.svg' },
    { name: 'Best Buy', logo: 'us-best-buy.svg' },
    { name: "Macy's", logo: 'us-macys.svg' },
    { name: "Kohl's", logo: 'us-kohls.svg' },
    { name: 'Nike', logo: 'us-nike.svg' },
    { name: 'Sephora', logo: 'us-sephora.svg' },
    { name: 'Home Depot', logo: 'us-home-depot.svg' },
    { name: 'Walmart', logo: 'us-walmart.svg' },
    { name: 'Adidas', logo: 'us-adidas.svg' },
  ],
  privacyPolicyUrl: 'https://www.promopulse.com/privacy',
  termsUrl: 'https://www.promopulse.com/terms',
  helpEmail: 'help@promopulse.com',
  discountText: 'Promo Code',
  discountsText: 'Promo Codes',
  productWord: 'promo codes',
  slugSuffix: '-promo-codes',
  uploadPreset: 'promopulse-logos',
  locale: 'en-US',
};

export const US_DISCOUNT_CLIENT: ClientConfig = {
  ...shared,
  clientId: 10,
  key: 'us-discount',
  clientUrl: 'https://www.discountden.com',
  appName: 'DiscountDen',
  siteName: 'DiscountDen.com',
  price: 24.99,
  priceMinor: 2499,
  currency: 'usd',
  currencySymbol: currencySymbol('usd'),
  theme: themeFor('discount'),
  palette: {
    primary: '#1d4ed8',
    primaryDark: '#1e3a8a',
    surface: '#eff4ff',
    text: '#0f172a',
    onPrimary: '#ffffff',
  },
  brands: [
    { name: "Lowe's", logo: 'us-lowes.svg' },
    { name: 'Walmart', logo: 'us-walmart.svg' },
    { name: 'Best Buy', logo: 'us-best-buy.svg' },
    { name: 'Wayfair', logo: 'us-wayfair.svg' },
    { name: 'Ulta Beauty', logo: 'us-ulta-beauty.svg' },
    { name: 'Gap', logo: 'us-gap.svg' },
    { name: 'Nordstrom', logo: 'us-nordstrom.svg' },
    { name: 'Petco', logo: 'us-petco.svg' },
  ],
  privacyPolicyUrl: 'https://www.discountden.com/privacy',
  termsUrl: 'https://www.discountden.com/terms',
  helpEmail: 'help@discountden.com',
  discountText: 'Discount Code',
  discountsText: 'Discount Codes',
  productWord: 'discount codes',
  slugSuffix: '-discount-codes',
  uploadPreset: 'discountden-logos',
  locale: 'en-US',
};

export const CLIENTS: Readonly<Record<ClientId, ClientConfig>> = {
  7: UK_CLIENT,
  8: US_PROMO_CLIENT,
  10: US_DISCOUNT_CLIENT,
};

export function isClientId(value: unknown): value is ClientId {
  return value === 7 || value === 8 || value === 10;
}

/**
 * The one reading of a client id from outside (a header, a query, a claim, a number typed
 * anywhere): a number or its text, answered only when it is one of ours, else undefined for
 * the caller to refuse (a DRF-style 400) or to choose its own brand. Inside, a `ClientId` is
 * carried as is and never defaulted.
 */
export function parseClientId(value: unknown): ClientId | undefined {
  const id = typeof value === 'string' ? Number(value) : value;
  return isClientId(id) ? id : undefined;
}

/** The client config for an id; throws for an id that is not one of ours. */
export function getClientConfig(id: number): ClientConfig {
  if (!isClientId(id)) throw new Error(`Unknown client id ${id}`);
  return CLIENTS[id];
}
