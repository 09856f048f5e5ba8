import { offerFiguresOf, offerOfFigures, type Offer } from '@cc/contract';
import type { CouponRow } from './repository';

/**
 * A coupon row's offer columns, in the coupons table or in the coupon_directory view:
 * what `decodeOfferRow` reads and `encodeOfferRow` writes.
 */
export type OfferRow = Pick<
  CouponRow,
  | 'offerType'
  | 'title'
  | 'savingsAmount'
  | 'savingsPercent'
  | 'savingsMinimumOrder'
  | 'minimumOrderAmount'
  | 'startDate'
  | 'expirationDate'
>;

/**
 * Row -> the coupon's offer (@cc/contract's `Offer`), read by every feature that shows a
 * stored coupon: its headline, its range, its saving and its days come from here.
 */
export function decodeOfferRow(row: OfferRow): Offer {
  return offerOfFigures({
    type: row.offerType,
    title: row.title,
    amount: row.savingsAmount,
    percent: row.savingsPercent,
    minimumOrder: row.savingsMinimumOrder,
    minimumOrderAmount: row.minimumOrderAmount,
    startsOn: row.startDate,
    expiresOn: row.expirationDate,
  });
}

/** numeric(12, 2) as the driver holds it: text with two decimals. */
const decimal = (value: number | null): string | null => (value === null ? null : value.toFixed(2));

/** The offer -> its columns; the minimum order goes where the form writes it (savings_minimum_order). */
export function encodeOfferRow(offer: Offer): OfferRow {
  const { amount, percent } = offerFiguresOf(offer);
  return {
    offerType: offer.type,
    title: offer.title,
    savingsAmount: decimal(amount),
    savingsPercent: decimal(percent),
    savingsMinimumOrder: decimal(offer.minimumOrder),
    minimumOrderAmount: null,
    startDate: offer.startsOn,
    expirationDate: offer.expiresOn,
  };
}
