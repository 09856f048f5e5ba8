import { Type, type Static } from 'typebox';
import { DateString, Decimal, DecimalInput, LiteralUnion, Nullable } from './common';
import { OFFER_TYPES } from './offer/offer-types';
import { MAX_LENGTHS } from './rules/field-rules';

export const OfferTypeSchema = LiteralUnion(OFFER_TYPES);

export const Coupon = Type.Object({
  id: Type.Integer(),
  offer_type: OfferTypeSchema,
  store: Type.Object({
    id: Type.Integer(),
    slug: Type.String(),
    name: Type.String(),
    logo_url: Type.String(),
    website_url: Type.String(),
  }),
  description: Type.String(),
  title: Type.String(),
  custom_url: Type.String(),
  destination_coupon_url: Type.String(),
  destination_affiliate_url: Type.String(),
  discount_code: Type.String(),
  minimum_order_amount: Nullable(Decimal),
  savings_amount: Nullable(Decimal),
  savings_percent: Nullable(Decimal),
  savings_minimum_order: Nullable(Decimal),
  up_to_savings_percent: Nullable(Decimal),
  start_date: Nullable(DateString),
  expiration_date: Nullable(DateString),
  approved: Type.Boolean(),
  sort_number: Type.Integer(),
});
export type Coupon = Static<typeof Coupon>;

const couponFields = {
  offer_type: Type.String(),
  approved: Type.Optional(Type.Boolean()),
  custom_url: Type.Optional(Nullable(Type.String({ maxLength: MAX_LENGTHS.url }))),
  description: Type.String(),
  destination_affiliate_url: Type.Optional(Nullable(Type.String({ maxLength: MAX_LENGTHS.url }))),
  destination_coupon_url: Type.Optional(Nullable(Type.String({ maxLength: MAX_LENGTHS.url }))),
  discount_code: Type.Optional(Nullable(Type.String({ maxLength: MAX_LENGTHS.discountCode }))),
  expiration_date: Type.Optional(Nullable(Type.String())),
  start_date: Type.Optional(Nullable(Type.String())),
  savings_amount: Type.Optional(Nullable(DecimalInput)),
  savings_percent: Type.Optional(Nullable(DecimalInput)),
  savings_minimum_order: Type.Optional(Nullable(DecimalInput)),
  minimum_order_amount: Type.Optional(Nullable(DecimalInput)),
  up_to_savings_percent: Type.Optional(Nullable(DecimalInput)),
  store: Type.Integer(),
  title: Type.Optional(Type.String({ maxLength: MAX_LENGTHS.title })),
};

/** offer_type and dates are checked by the service so that errors use DRF's field messages. */
export const CouponCreateBody = Type.Object(couponFields);
export type CouponCreateBody = Static<typeof CouponCreateBody>;

export const CouponUpdateBody = Type.Partial(Type.Object(couponFields));
export type CouponUpdateBody = Static<typeof CouponUpdateBody>;

export const CouponListQuery = Type.Object({
  store_slug: Type.Optional(Type.String()),
  client: Type.Optional(Type.Integer()),
  include_scheduled: Type.Optional(
    Type.Union([Type.Literal('1'), Type.Literal('0'), Type.Literal('true'), Type.Literal('false')]),
  ),
  id_search_text: Type.Optional(Type.String()),
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type CouponListQuery = Static<typeof CouponListQuery>;

export const SortCouponsBody = Type.Object({
  items: Type.Array(
    Type.Object({
      id: Type.String({ pattern: '^\\d+$' }),
      sort_number: Type.String({ pattern: '^\\d+$' }),
    }),
    { maxItems: 100 },
  ),
});
export type SortCouponsBody = Static<typeof SortCouponsBody>;
