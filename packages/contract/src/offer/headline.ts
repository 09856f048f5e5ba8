import { formatPercent, formatSavingsAmount, toAmount } from '../money/money';
import type { BrandMoney } from '../money/money';
import { offerLabelOf } from './offer-labels';
import type { OfferLabel } from './offer-labels';
import { hasSavingsRange, isAmountType, isPercentType } from './offer-types';

/**
 * What a headline is written from: a coupon's `Offer` (offer.ts), or the coupon form's
 * values as typed. `type` is an offer type; any other value reads as 'Other'.
 */
export type OfferText = {
  type: string;
  /** The percent for percent types, the amount in major units for amount types. */
  savings: number | string | null;
  /** The 'Is Savings Range' option; only the range types show it. */
  isSavingsRange: boolean;
};

/** The headline in the coupon card's parts: its visual label, 'UP TO' or nothing, and the offer text. */
export type OfferHeadlineParts = {
  label: OfferLabel;
  prefix: typeof SAVINGS_RANGE_PREFIX | null;
  title: string;
};

/** Written before the offer text of a savings range. */
export const SAVINGS_RANGE_PREFIX = 'UP TO';

/**
 * The offer text (SPEC section 4, preview text): percent types 'N% OFF'; amount
 * types the brand's currency symbol and amount and 'OFF' ('£20 OFF', '£20.50 OFF');
 * free shipping 'Free Shipping'; Other and unknown types 'Sale'. The prefix is
 * 'UP TO' when the savings-range option is set on a type that has it.
 */
export function offerHeadlineParts(offer: OfferText, money: BrandMoney): OfferHeadlineParts {
  const savings = toAmount(offer.savings) ?? 0;
  const prefix = offer.isSavingsRange && hasSavingsRange(offer.type) ? SAVINGS_RANGE_PREFIX : null;
  let title: string;
  if (isPercentType(offer.type)) title = `${formatPercent(savings, money)} OFF`;
  else if (isAmountType(offer.type)) title = `${formatSavingsAmount(savings, money)} OFF`;
  else if (offer.type === 'free_shipping') title = 'Free Shipping';
  else title = 'Sale';
  return { label: offerLabelOf(offer.type), prefix, title };
}

/**
 * The headline of an offer in one line, e.g. 'UP TO £20.50 OFF'. It is also the
 * title a coupon carries on the wire: the savings-range option travels in it (read
 * back by `isSavingsRangeTitle`).
 */
export function offerHeadline(offer: OfferText, money: BrandMoney): string {
  const { prefix, title } = offerHeadlineParts(offer, money);
  return prefix ? `${prefix} ${title}` : title;
}

/**
 * The savings-range option of a coupon as the wire carries it: true when its title
 * contains 'up to', in any case (SPEC section 3, isSavingsRange).
 */
export function isSavingsRangeTitle(title: string): boolean {
  return title.toLowerCase().includes(SAVINGS_RANGE_PREFIX.toLowerCase());
}

/**
 * A stored coupon's headline, as shoppers, Insights, the review console and the
 * catalogue read it: its title when it has one, else written from its offer.
 */
export function couponHeadline(offer: OfferText & { title: string }, money: BrandMoney): string {
  return offer.title.trim() || offerHeadline(offer, money);
}
