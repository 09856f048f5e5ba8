/** Tailwind class names a brand's components use (SPEC section 3). */
export type ThemeClasses = {
  primaryColor: string;
  outlineFocusColor: string;
  bgColor: string;
  hoverColor: string;
  focusVisibleColor: string;
  textColor?: string;
  hoverTextColor?: string;
  infoBg?: string;
};

/** Raw colours for pages rendered outside React (emails, checkout, public store page). */
export type Palette = {
  primary: string;
  primaryDark: string;
  surface: string;
  text: string;
  onPrimary: string;
};

export type BrandLogo = {
  name: string;
  /** File name under packages/config/assets/brands. */
  logo: string;
};

export type ClientId = 7 | 8 | 10;

export type ClientConfig = {
  clientId: ClientId;
  /** Short key used for package names, build folders and CSS (uk, us-promo, us-discount). */
  key: 'uk' | 'us-promo' | 'us-discount';
  /** The coupon site's public address in production. */
  clientUrl: string;
  appName: string;
  siteName: string;
  /** Monthly price in major units, e.g. 19.99. */
  price: number;
  /** Monthly price in minor units, e.g. 1999. */
  priceMinor: number;
  /** ISO 4217 code, lowercase as the wire carries it. */
  currency: string;
  currencySymbol: string;
  theme: ThemeClasses;
  palette: Palette;
  brands: BrandLogo[];
  privacyPolicyUrl?: string;
  termsUrl?: string;
  helpEmail?: string;
  /** 'Voucher' / 'Promo Code' / 'Discount Code'. */
  discountText?: string;
  discountsText?: string;
  /** The {product} word of the spec in running text: 'vouchers', 'promo codes', 'discount codes'. */
  productWord: string;
  /** Appended to the lowercased store-name slug. */
  slugSuffix: string;
  /** Path (same origin as the merchant site) of the public store pages; the slug follows. */
  storePagePath: string;
  /** Cloudinary-compatible upload endpoint and preset for store logos. */
  uploadUrl: string;
  uploadPreset: string;
  location: string;
  primaryCategory: number;
  locale: string;
};
