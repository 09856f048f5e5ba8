import { couponHeadline, isSavingsRangeTitle, offerSavings, type BrandMoney, type OfferText } from '@cc/contract';
import type { CouponRow } from '../coupons/types';

/** What a coupon's headline is written from. */
export type HeadlineFields = Pick<CouponRow, 'title' | 'offerType' | 'savingsAmount' | 'savingsPercent'>;

/** A stored coupon's offer as the contract's headline rule reads it (the range travels in the title). */
export function offerOf(coupon: HeadlineFields): OfferText {
  return {
    type: coupon.offerType,
    savings: offerSavings(coupon.offerType, { amount: coupon.savingsAmount, percent: coupon.savingsPercent }),
    isSavingsRange: isSavingsRangeTitle(coupon.title),
  };
}

/**
 * The offer headline (SPEC section 4 "Preview text", one rule in @cc/contract):
 * the coupon's title when it has one, else written from its offer in the brand's
 * money: 'N% OFF', '£20 OFF' / '£20.50 OFF', 'Free Shipping', or 'Sale'.
 */
export function offerHeadline(coupon: HeadlineFields, money: BrandMoney): string {
  return couponHeadline({ title: coupon.title, ...offerOf(coupon) }, money);
}
