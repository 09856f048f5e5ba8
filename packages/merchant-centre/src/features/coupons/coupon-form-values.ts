import {
  DEFAULT_COUPON_DURATION_MONTHS,
  DEFAULT_COUPON_MINIMUM,
  DEFAULT_COUPON_SAVINGS,
} from '@cc/config';
import type { CouponCreateBody } from '@cc/contract';
import type { BrandMoney } from '@cc/contract/money';
import { toAmount } from '@cc/contract/money';
import type { Offer, OfferType } from '@cc/contract/offer';
import { encodeOffer, hasSavingsRange, offerHeadline } from '@cc/contract/offer';
import type { ScreenCoupon } from '../../lib/api/coupon-mapper';

/**
 * What the coupon form holds: inputs keep their text until the submit converts it. The
 * names are the form's fields (and their inputs' names): the expiry is `expired` with the
 * 'No Expiration Date' box `noExpiration`; the offer they make up has one, `expiresOn`.
 */
export type CouponFormValues = {
  typeId: OfferType | '';
  savings: string;
  minimum: string;
  isSavingsRange: boolean;
  description: string;
  destinationUrl: string;
  code: string;
  started: string;
  expired: string;
  noExpiration: boolean;
};

/** A coupon as the form shows it for editing. */
export function couponFormValues(
  coupon: Pick<ScreenCoupon, 'offer' | 'description' | 'destinationUrl' | 'code'>,
): CouponFormValues {
  const { offer } = coupon;
  return {
    typeId: offer.type,
    savings: String(offer.savings ?? 0),
    minimum: String(offer.minimumOrder ?? 0),
    isSavingsRange: offer.isSavingsRange,
    description: coupon.description,
    destinationUrl: coupon.destinationUrl,
    code: coupon.code,
    started: offer.startsOn ?? '',
    expired: offer.expiresOn ?? '',
    noExpiration: offer.expiresOn === null,
  };
}

function isoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Default new coupon: sitewide percent, minimum 10, savings 20, from today to one month later, no range. */
export function newCouponFormValues(options: {
  websiteUrl: string;
  today?: Date;
}): CouponFormValues {
  const start = options.today ?? new Date();
  const end = new Date(start);
  end.setMonth(end.getMonth() + DEFAULT_COUPON_DURATION_MONTHS);
  return {
    typeId: 'sitewide_percent',
    savings: String(DEFAULT_COUPON_SAVINGS),
    minimum: String(DEFAULT_COUPON_MINIMUM),
    isSavingsRange: false,
    description: '',
    destinationUrl: options.websiteUrl,
    code: '',
    started: isoDate(start),
    expired: isoDate(end),
    noExpiration: false,
  };
}

/** yyyy-MM-dd, or null when empty. */
function dateOrNull(value: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(value.trim());
  return match?.[1] ?? null;
}

/**
 * The offer the form's values make (the preview shows it, the submit sends it): numbers
 * converted, dates yyyy-MM-dd or null, a null expiry with 'No Expiration Date', the range
 * only on the types that have it, and the offer's headline in the brand's money as its
 * title (the wire carries the range in it). No type yet reads as Other.
 */
export function formOffer(values: CouponFormValues, money: BrandMoney): Offer {
  const type = values.typeId === '' ? 'other' : values.typeId;
  const savings = toAmount(values.savings);
  const isSavingsRange = values.isSavingsRange && hasSavingsRange(type);
  return {
    type,
    savings,
    isSavingsRange,
    minimumOrder: toAmount(values.minimum),
    title: offerHeadline({ type, savings, isSavingsRange }, money),
    startsOn: dateOrNull(values.started),
    expiresOn: values.noExpiration ? null : dateOrNull(values.expired),
  };
}

/**
 * The form's values -> the body of POST /coupons/ and PATCH /coupons/{id}: the offer's
 * fields (`encodeOffer`), always approved, the destination in its three fields. An empty
 * offer type goes as it is, for the server's 'This field is required.' (the form's rules
 * stop it first).
 */
export function toCouponBody(
  values: CouponFormValues,
  context: { merchantId: number; money: BrandMoney },
): CouponCreateBody {
  const destinationUrl = values.destinationUrl.trim();
  return {
    ...encodeOffer(formOffer(values, context.money)),
    offer_type: values.typeId,
    approved: true,
    custom_url: destinationUrl,
    description: values.description.trim(),
    destination_affiliate_url: destinationUrl,
    destination_coupon_url: destinationUrl,
    discount_code: values.code.trim(),
    store: context.merchantId,
    up_to_savings_percent: 0,
  };
}
