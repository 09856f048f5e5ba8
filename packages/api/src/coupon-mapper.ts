import type { Coupon, CouponCreateBody, OfferType } from '@cc/contract';

/**
 * The coupon as sent by the server. offer_type is restated with OfferType because the
 * contract's union, built with Array.map, loses its literal members in the static type.
 */
export type WireCoupon = Omit<Coupon, 'offer_type'> & { offer_type: OfferType };
import { DEFAULT_COUPON_DURATION_MONTHS, DEFAULT_COUPON_MINIMUM, DEFAULT_COUPON_SAVINGS } from '@cc/config';

/** Coupon as used by screens (SPEC section 3). */
export type ScreenCoupon = {
  couponId: number;
  typeId: OfferType;
  merchantId: number;
  description: string;
  /** The offer text: the wire title, or built from type and savings when the title is empty. */
  headline: string;
  destinationUrl: string;
  code: string;
  /** The form's minimum order value: savings_minimum_order, else minimum_order_amount, else 0. */
  minimum: number;
  /** minimum_order_amount as a number, null when none. */
  minAmount: number | null;
  /** savings_minimum_order as a number, null when none. */
  minimumOrder: number | null;
  savings: number;
  isSavingsRange: boolean;
  isFreeShipping: boolean;
  /** yyyy-MM-dd or null. */
  started: string | null;
  /** yyyy-MM-dd, null when none. */
  expired: string | null;
  noExpiration: boolean;
  isApproved: boolean;
  sortNumber: number;
  store: { id: number; slug: string; name: string; logoUrl: string; websiteUrl: string };
};

/** What a coupon form edits; numbers may still be the strings an input holds. */
export type CouponDraft = {
  typeId: OfferType | '';
  merchantId: number;
  description: string;
  destinationUrl: string;
  code: string;
  minimum: number | string;
  savings: number | string;
  isSavingsRange: boolean;
  started: string | null;
  expired: string | null;
  noExpiration: boolean;
};

export const PERCENT_TYPES: readonly OfferType[] = ['sitewide_percent', 'sale_percent'];
export const AMOUNT_TYPES: readonly OfferType[] = ['sitewide_amount', 'sale_amount'];
/** The types that offer the 'Is Savings Range' option. */
export const RANGE_TYPES: readonly OfferType[] = [...AMOUNT_TYPES, ...PERCENT_TYPES];

export const OFFER_TYPE_LABELS: Readonly<Record<OfferType, string>> = {
  sitewide_amount: 'Sitewide amount',
  sitewide_percent: 'Sitewide percent',
  free_shipping: 'Free shipping',
  sale_amount: 'Sale amount',
  sale_percent: 'Sale percent',
  other: 'Other',
};

/** "20.00" -> 20, "" or null -> null. */
export function toNumber(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const parsed = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

function plain(value: number): string {
  return String(Number(value.toFixed(2)));
}

/**
 * Preview text (SPEC section 4): percent types 'N% OFF', amount types the currency
 * symbol and amount plus 'OFF', free shipping 'Free Shipping', Other and unknown
 * 'Sale', with 'UP TO' before it when the savings-range option is set.
 */
export function offerText(options: {
  typeId: string;
  savings: number | string | null;
  isSavingsRange: boolean;
  currencySymbol: string;
}): string {
  const { typeId, isSavingsRange, currencySymbol } = options;
  const savings = toNumber(options.savings) ?? 0;
  let text: string;
  if ((PERCENT_TYPES as readonly string[]).includes(typeId)) text = `${plain(savings)}% OFF`;
  else if ((AMOUNT_TYPES as readonly string[]).includes(typeId)) text = `${currencySymbol}${plain(savings)} OFF`;
  else if (typeId === 'free_shipping') return 'Free Shipping';
  else text = 'Sale';
  return isSavingsRange && (RANGE_TYPES as readonly string[]).includes(typeId) ? `UP TO ${text}` : text;
}

function savingsOf(coupon: WireCoupon): number {
  if (PERCENT_TYPES.includes(coupon.offer_type)) return toNumber(coupon.savings_percent) ?? 0;
  if (coupon.offer_type === 'free_shipping') return 0;
  return toNumber(coupon.savings_amount) ?? toNumber(coupon.savings_percent) ?? 0;
}

/** Wire -> screen. */
export function toScreenCoupon(coupon: WireCoupon, options: { currencySymbol?: string } = {}): ScreenCoupon {
  const savings = savingsOf(coupon);
  const isSavingsRange = /up to/i.test(coupon.title);
  const minAmount = toNumber(coupon.minimum_order_amount);
  const minimumOrder = toNumber(coupon.savings_minimum_order);
  const headline =
    coupon.title.trim() ||
    offerText({ typeId: coupon.offer_type, savings, isSavingsRange, currencySymbol: options.currencySymbol ?? '' });
  return {
    couponId: coupon.id,
    typeId: coupon.offer_type,
    merchantId: coupon.store.id,
    description: coupon.description,
    headline,
    destinationUrl: coupon.destination_coupon_url || coupon.custom_url || coupon.destination_affiliate_url,
    code: coupon.discount_code,
    minimum: minimumOrder ?? minAmount ?? 0,
    minAmount,
    minimumOrder,
    savings,
    isSavingsRange,
    isFreeShipping: coupon.offer_type === 'free_shipping',
    started: coupon.start_date,
    expired: coupon.expiration_date,
    noExpiration: coupon.expiration_date === null,
    isApproved: coupon.approved,
    sortNumber: coupon.sort_number,
    store: {
      id: coupon.store.id,
      slug: coupon.store.slug,
      name: coupon.store.name,
      logoUrl: coupon.store.logo_url,
      websiteUrl: coupon.store.website_url,
    },
  };
}

function dateOrNull(value: string | null): string | null {
  if (!value) return null;
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(value.trim());
  return match?.[1] ?? null;
}

/**
 * Screen -> wire for POST /coupons/ and PATCH /coupons/{id}: always approved,
 * numbers converted, dates yyyy-MM-dd or null, a null expiry with 'No Expiration Date'.
 */
export function toCouponBody(draft: CouponDraft, options: { currencySymbol: string }): CouponCreateBody {
  const typeId = draft.typeId;
  const savings = toNumber(draft.savings);
  const isPercent = (PERCENT_TYPES as readonly string[]).includes(typeId);
  const isFreeShipping = typeId === 'free_shipping';
  const isSavingsRange = draft.isSavingsRange && (RANGE_TYPES as readonly string[]).includes(typeId);
  return {
    offer_type: typeId,
    approved: true,
    custom_url: draft.destinationUrl,
    description: draft.description,
    destination_affiliate_url: draft.destinationUrl,
    destination_coupon_url: draft.destinationUrl,
    discount_code: draft.code,
    expiration_date: draft.noExpiration ? null : dateOrNull(draft.expired),
    savings_amount: isPercent || isFreeShipping ? null : savings,
    savings_minimum_order: toNumber(draft.minimum),
    savings_percent: isPercent ? savings : null,
    start_date: dateOrNull(draft.started),
    store: draft.merchantId,
    title: offerText({ typeId, savings, isSavingsRange, currencySymbol: options.currencySymbol }),
    up_to_savings_percent: 0,
  };
}

/** Screen coupon -> the draft a form edits. */
export function toCouponDraft(coupon: ScreenCoupon): CouponDraft {
  return {
    typeId: coupon.typeId,
    merchantId: coupon.merchantId,
    description: coupon.description,
    destinationUrl: coupon.destinationUrl,
    code: coupon.code,
    minimum: coupon.minimum,
    savings: coupon.savings,
    isSavingsRange: coupon.isSavingsRange,
    started: coupon.started,
    expired: coupon.expired,
    noExpiration: coupon.noExpiration,
  };
}

function isoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Default new coupon: sitewide percent, minimum 10, savings 20, from today to one month later, no range. */
export function newCouponDraft(options: { merchantId: number; websiteUrl: string; today?: Date }): CouponDraft {
  const start = options.today ?? new Date();
  const end = new Date(start);
  end.setMonth(end.getMonth() + DEFAULT_COUPON_DURATION_MONTHS);
  return {
    typeId: 'sitewide_percent',
    merchantId: options.merchantId,
    description: '',
    destinationUrl: options.websiteUrl,
    code: '',
    minimum: DEFAULT_COUPON_MINIMUM,
    savings: DEFAULT_COUPON_SAVINGS,
    isSavingsRange: false,
    started: isoDate(start),
    expired: isoDate(end),
    noExpiration: false,
  };
}
