export { CouponCard } from './coupon-card';
export type { CouponCardProps } from './coupon-card';
export { OfferBadge } from './offer-badge';
// The offer's visual labels are the contract's; the kit passes them through for its users.
export { OFFER_LABELS } from '@cc/contract/offer';
export type { OfferLabel } from '@cc/contract/offer';
