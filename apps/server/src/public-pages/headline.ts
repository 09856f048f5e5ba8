import type { CouponRow } from '../repositories/coupons';

function amount(value: string | null): string {
  const n = Number(value ?? 0);
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
}

/**
 * The offer headline (SPEC section 4 "Preview text"): the coupon's title when
 * it has one, else built from the offer type: 'N% OFF', symbol + amount + ' OFF',
 * 'Free Shipping', or 'Sale'.
 */
export function offerHeadline(coupon: CouponRow, currencySymbol: string): string {
  if (coupon.title.trim()) return coupon.title.trim();
  switch (coupon.offerType) {
    case 'sitewide_percent':
    case 'sale_percent':
      return `${amount(coupon.savingsPercent)}% OFF`;
    case 'sitewide_amount':
    case 'sale_amount':
      return `${currencySymbol}${amount(coupon.savingsAmount)} OFF`;
    case 'free_shipping':
      return 'Free Shipping';
    default:
      return 'Sale';
  }
}
