import { Type, type Static } from 'typebox';

/** How many of a coupon's latest "Did this code work?" answers the review console weighs. */
export const FEEDBACK_LATEST_ANSWERS = 20;

/** Fewer answers than this say nothing yet: no 'Verified' cue on the page, no place among the failing codes. */
export const FEEDBACK_MIN_ANSWERS = 3;

/**
 * A live coupon with at least FEEDBACK_MIN_ANSWERS answers whose latest ones (up to
 * FEEDBACK_LATEST_ANSWERS) are mostly No:
 * its store, the coupon, and the Yes and No counts among those answers.
 */
export const FailingCoupon = Type.Object({
  store: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    slug: Type.String(),
    client: Type.Integer(),
  }),
  coupon: Type.Object({
    id: Type.Integer(),
    headline: Type.String(),
    description: Type.String(),
    discount_code: Type.String(),
  }),
  yes: Type.Integer({ minimum: 0 }),
  no: Type.Integer({ minimum: 0 }),
});
export type FailingCoupon = Static<typeof FailingCoupon>;

export const FailingCouponList = Type.Object({
  count: Type.Integer({ minimum: 0 }),
  results: Type.Array(FailingCoupon),
});
export type FailingCouponList = Static<typeof FailingCouponList>;
