/** The visual labels a coupon card carries (SPEC section 3). */
export const OFFER_LABEL_KINDS = [
  'sale',
  'free-shipping',
  'bogo',
  'freebie',
  'rebate',
  'gift-card',
] as const;
export type OfferLabel = (typeof OFFER_LABEL_KINDS)[number];

/** The text of each visual label. */
export const OFFER_LABELS: Readonly<Record<OfferLabel, string>> = {
  sale: 'Sale',
  'free-shipping': 'Free Shipping',
  bogo: 'BOGO',
  freebie: 'Freebie',
  rebate: 'Rebate',
  'gift-card': 'Gift Card',
};

/** The visual label of an offer type: free shipping has its own, every other type is a sale. */
export function offerLabelOf(type: string): OfferLabel {
  return type === 'free_shipping' ? 'free-shipping' : 'sale';
}
