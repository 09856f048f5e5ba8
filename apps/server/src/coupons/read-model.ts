import { and, getTableColumns, gte, isNull, lte, or } from 'drizzle-orm';
import { pgTable } from 'drizzle-orm/pg-core';
import { storeDirectory } from '../stores/read-model';
import { couponColumns } from './schema';

/** coupon_directory (views.ts, migration 0014) as the other features select from it; see stores/read-model.ts. */
export const couponDirectory = pgTable('coupon_directory', couponColumns());

/** Every column the wire needs; created_at is left out (nothing shows it). */
const { createdAt: _createdAt, ...couponFields } = getTableColumns(couponDirectory);
export { couponFields };

/** A coupon's offer columns (what `decodeOfferRow` in offer-row.ts reads), for a reader that selects only them. */
export const couponOfferFields = {
  offerType: couponDirectory.offerType,
  title: couponDirectory.title,
  savingsAmount: couponDirectory.savingsAmount,
  savingsPercent: couponDirectory.savingsPercent,
  savingsMinimumOrder: couponDirectory.savingsMinimumOrder,
  minimumOrderAmount: couponDirectory.minimumOrderAmount,
  startDate: couponDirectory.startDate,
  expirationDate: couponDirectory.expirationDate,
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
