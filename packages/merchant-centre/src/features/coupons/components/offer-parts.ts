import type { BrandMoney } from '@cc/contract/money';
import { offerHeadlineParts } from '@cc/contract/offer';
import type { OfferLabel, OfferText } from '@cc/contract/offer';

/**
 * The coupon card's offer label, prefix and title for an offer, from the one
 * headline rule in @cc/contract: 'UP TO' above the offer text when the
 * savings-range option is set on a type that has it.
 */
export function offerParts(
  offer: OfferText,
  money: BrandMoney,
): { offerType: OfferLabel; offerPrefix: string | null; offerTitle: string } {
  const { label, prefix, title } = offerHeadlineParts(offer, money);
  return { offerType: label, offerPrefix: prefix, offerTitle: title };
}
