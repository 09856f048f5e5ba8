// Plain runtime values of the contract, kept apart from the TypeBox schemas so that
// browser code importing them (with MESSAGES) does not bundle the schema library.

export const OFFER_TYPES = [
  'sitewide_amount',
  'sitewide_percent',
  'free_shipping',
  'sale_amount',
  'sale_percent',
  'other',
] as const;
export type OfferType = (typeof OFFER_TYPES)[number];

export const SUBSCRIPTION_STATUSES = [
  'active',
  'incomplete',
  'past_due',
  'unpaid',
  'canceled',
  'trialing',
  'incomplete_expired',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
