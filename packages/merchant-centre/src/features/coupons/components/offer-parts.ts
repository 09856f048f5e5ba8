import type { BrandMoney } from '@cc/contract/money';
import { offerHeadlineParts } from '@cc/contract/offer';
import type { OfferLabel } from '@cc/contract/offer';

/**
 * The coupon card's offer label, prefix and title for a coupon, from the one
 * headline rule in @cc/contract: 'UP TO' above the offer text when the
 * savings-range option is set on a type that has it.
 */
export function offerParts(
  offer: { typeId: string; savings: number | string | null; isSavingsRange: boolean },
  money: BrandMoney,
): { offerType: OfferLabel; offerPrefix: string | null; offerTitle: string } {
  const { label, prefix, title } = offerHeadlineParts(
    { type: offer.typeId, savings: offer.savings, isSavingsRange: offer.isSavingsRange },
    money,
  );
  return { offerType: label, offerPrefix: prefix, offerTitle: title };
}
