import { CLIENTS, DEFAULT_COUPON_DURATION_MONTHS, DEFAULT_COUPON_MINIMUM, DEFAULT_COUPON_SAVINGS, isClientId } from '@cc/config';
import type { Coupon, CouponCreateBody } from '@cc/contract';
import type { BrandMoney } from '@cc/contract/money';
import { toAmount } from '@cc/contract/money';
import type { OfferType } from '@cc/contract/offer';
import { couponHeadline, hasSavingsRange, isPercentType, isSavingsRangeTitle, offerHeadline, offerSavings } from '@cc/contract/offer';

/**
 * The coupon as sent by the server. offer_type is restated with OfferType because the
 * contract's union, built with Array.map, loses its literal members in the static type.
 */
export type WireCoupon = Omit<Coupon, 'offer_type'> & { offer_type: OfferType };

/** Coupon as used by screens (SPEC section 3). */
export type ScreenCoupon = {
  couponId: number;
  typeId: OfferType;
  merchantId: number;
  description: string;
  /** The offer text: the wire title, or written from type and savings when the title is empty. */
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
  /** The 'Is Savings Range' option; the wire carries it in the title ('UP TO ...'). */
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

/** The brand money of a client id; an unknown id keeps the figure without a currency sign. */
export function moneyOfClient(client: number): BrandMoney {
  return isClientId(client) ? CLIENTS[client] : { locale: 'en', currency: '' };
}

/** Wire -> screen; `money` is the brand's (its locale and currency) for a headline written from the offer. */
export function toScreenCoupon(coupon: WireCoupon, money: BrandMoney): ScreenCoupon {
  const savings = offerSavings(coupon.offer_type, { amount: coupon.savings_amount, percent: coupon.savings_percent });
  const isSavingsRange = isSavingsRangeTitle(coupon.title);
  const minAmount = toAmount(coupon.minimum_order_amount);
  const minimumOrder = toAmount(coupon.savings_minimum_order);
  const headline = couponHeadline({ title: coupon.title, offer: { type: coupon.offer_type, savings, isSavingsRange } }, money);
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
 * numbers converted, dates yyyy-MM-dd or null, a null expiry with 'No Expiration Date';
 * the title is the offer's headline in the brand's money, which carries the savings range.
 */
export function toCouponBody(draft: CouponDraft, money: BrandMoney): CouponCreateBody {
  const typeId = draft.typeId;
  const savings = toAmount(draft.savings);
  const isPercent = isPercentType(typeId);
  const isFreeShipping = typeId === 'free_shipping';
  const isSavingsRange = draft.isSavingsRange && hasSavingsRange(typeId);
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
    savings_minimum_order: toAmount(draft.minimum),
    savings_percent: isPercent ? savings : null,
    start_date: dateOrNull(draft.started),
    store: draft.merchantId,
    title: offerHeadline({ type: typeId, savings, isSavingsRange }, money),
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
