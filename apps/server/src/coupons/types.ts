/** The coupon's row types, for the features that show coupons. */
export type { CouponRow, CouponStore, CouponWithStore, NewCoupon } from './repository';
