export { CouponCard } from './coupon-card';
export type { CouponCardProps } from './coupon-card';
export { OFFER_LABELS, OfferBadge } from './offer-badge';
export type { OfferLabel } from './offer-badge';
