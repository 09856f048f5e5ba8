import { toAmount } from '../money/money';

/**
 * The offer types (SPEC section 4), their groups and the labels the Offer Type
 * select shows. The one definition: the wire schema, the server's checks, the
 * coupon form and the headline all read it.
 */
export const OFFER_TYPES = [
  'sitewide_amount',
  'sitewide_percent',
  'free_shipping',
  'sale_amount',
  'sale_percent',
  'other',
] as const;
export type OfferType = (typeof OFFER_TYPES)[number];

/** Savings given as a percentage: 'N% OFF'. */
export const PERCENT_TYPES: readonly OfferType[] = ['sitewide_percent', 'sale_percent'];
/** Savings given as an amount of money: symbol, amount and 'OFF'. */
export const AMOUNT_TYPES: readonly OfferType[] = ['sitewide_amount', 'sale_amount'];
/** The types that offer the 'Is Savings Range' option (sitewide/sale amount and percent). */
export const RANGE_TYPES: readonly OfferType[] = [...AMOUNT_TYPES, ...PERCENT_TYPES];

/** The Offer Type select's option labels. */
export const OFFER_TYPE_LABELS: Readonly<Record<OfferType, string>> = {
  sitewide_amount: 'Sitewide amount',
  sitewide_percent: 'Sitewide percent',
  free_shipping: 'Free shipping',
  sale_amount: 'Sale amount',
  sale_percent: 'Sale percent',
  other: 'Other',
};

/** The Offer Type select's options, in the spec's order. */
export const OFFER_TYPE_OPTIONS: readonly { value: OfferType; label: string }[] = OFFER_TYPES.map(
  (value) => ({
    value,
    label: OFFER_TYPE_LABELS[value],
  }),
);

export function isOfferType(value: string): value is OfferType {
  return (OFFER_TYPES as readonly string[]).includes(value);
}

export function isPercentType(type: string): boolean {
  return (PERCENT_TYPES as readonly string[]).includes(type);
}

export function isAmountType(type: string): boolean {
  return (AMOUNT_TYPES as readonly string[]).includes(type);
}

/** Whether the type offers the 'Is Savings Range' option. */
export function hasSavingsRange(type: string): boolean {
  return (RANGE_TYPES as readonly string[]).includes(type);
}

/**
 * The saving a coupon offers, from its two stored figures: the percent for percent
 * types, none for free shipping, else the amount (or the percent when no amount was
 * kept); null when the figure it reads is missing.
 */
export function offerSavingsOrNull(
  type: string,
  figures: { amount: number | string | null; percent: number | string | null },
): number | null {
  if (isPercentType(type)) return toAmount(figures.percent);
  if (type === 'free_shipping') return null;
  return toAmount(figures.amount) ?? toAmount(figures.percent);
}

/** The saving a coupon offers (`offerSavingsOrNull`), 0 when there is none. */
export function offerSavings(
  type: string,
  figures: { amount: number | string | null; percent: number | string | null },
): number {
  return offerSavingsOrNull(type, figures) ?? 0;
}
