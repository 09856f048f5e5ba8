import { offerText, RANGE_TYPES } from '@cc/api';
import type { OfferLabel } from '@cc/ui/coupon-card';

/**
 * The card's offer label, prefix and title for a coupon: 'N% OFF', the currency
 * amount and 'OFF', 'Free Shipping', or 'Sale'; 'UP TO' above it when the
 * savings-range option is set on a type that has it.
 */
export function offerParts(options: {
  typeId: string;
  savings: number | string | null;
  isSavingsRange: boolean;
  currencySymbol: string;
}): { offerType: OfferLabel; offerPrefix: string | null; offerTitle: string } {
  const { typeId, savings, currencySymbol } = options;
  const isRange = options.isSavingsRange && (RANGE_TYPES as readonly string[]).includes(typeId);
  return {
    offerType: typeId === 'free_shipping' ? 'free-shipping' : 'sale',
    offerPrefix: isRange ? 'UP TO' : null,
    offerTitle: offerText({ typeId, savings, isSavingsRange: false, currencySymbol }),
  };
}
