import { and, gte, isNull, lte, or } from 'drizzle-orm';
import { pgView } from 'drizzle-orm/pg-core';
import { storeDirectory } from '../stores/views';
import { coupons } from './schema';

/**
 * The coupons as other features read them in SQL (the public pages, the catalogue, the
 * review console, the lifecycle mails, Insights): a view the coupons feature publishes and
 * keeps. PostgreSQL expands it into their statements (coupons_store_sort_idx and the rest
 * serve them as before). Writes go through the coupons service.
 */
export const couponDirectory = pgView('coupon_directory').as((qb) => qb.select().from(coupons));

/** Every column the wire needs; created_at is left out (nothing shows it). */
export const couponFields = {
  id: couponDirectory.id,
  storeId: couponDirectory.storeId,
  offerType: couponDirectory.offerType,
  description: couponDirectory.description,
  title: couponDirectory.title,
  customUrl: couponDirectory.customUrl,
  destinationCouponUrl: couponDirectory.destinationCouponUrl,
  destinationAffiliateUrl: couponDirectory.destinationAffiliateUrl,
  discountCode: couponDirectory.discountCode,
  minimumOrderAmount: couponDirectory.minimumOrderAmount,
  savingsAmount: couponDirectory.savingsAmount,
  savingsPercent: couponDirectory.savingsPercent,
  savingsMinimumOrder: couponDirectory.savingsMinimumOrder,
  upToSavingsPercent: couponDirectory.upToSavingsPercent,
  startDate: couponDirectory.startDate,
  expirationDate: couponDirectory.expirationDate,
  approved: couponDirectory.approved,
  sortNumber: couponDirectory.sortNumber,
};

/** The store a coupon is shown with. */
export const couponStoreFields = {
  id: storeDirectory.id,
  slug: storeDirectory.slug,
  name: storeDirectory.name,
  logoUrl: storeDirectory.logoUrl,
  websiteUrl: storeDirectory.websiteUrl,
};

/** Coupons shoppers see on `day` (yyyy-MM-dd): started, not expired. */
export const currentOn = (day: string) =>
  and(
    or(isNull(couponDirectory.startDate), lte(couponDirectory.startDate, day)),
    or(isNull(couponDirectory.expirationDate), gte(couponDirectory.expirationDate, day)),
  );
