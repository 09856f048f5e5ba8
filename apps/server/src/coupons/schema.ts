import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from '../core/data/columns';
import { stores } from '../stores/schema';

/** The coupons table's columns: the table's, and again for the readers of its view (read-model.ts). */
export const couponColumns = () => ({
  id: serial('id').primaryKey(),
  storeId: integer('store_id')
    .notNull()
    .references(() => stores.id, { onDelete: 'cascade' }),
  offerType: text('offer_type').notNull(),
  description: text('description').notNull(),
  title: text('title').notNull().default(''),
  customUrl: text('custom_url').notNull().default(''),
  destinationCouponUrl: text('destination_coupon_url').notNull().default(''),
  destinationAffiliateUrl: text('destination_affiliate_url').notNull().default(''),
  discountCode: text('discount_code').notNull().default(''),
  minimumOrderAmount: numeric('minimum_order_amount', { precision: 12, scale: 2 }),
  savingsAmount: numeric('savings_amount', { precision: 12, scale: 2 }),
  savingsPercent: numeric('savings_percent', { precision: 12, scale: 2 }),
  savingsMinimumOrder: numeric('savings_minimum_order', { precision: 12, scale: 2 }),
  upToSavingsPercent: numeric('up_to_savings_percent', { precision: 12, scale: 2 }),
  startDate: date('start_date', { mode: 'string' }),
  expirationDate: date('expiration_date', { mode: 'string' }),
  approved: boolean('approved').notNull().default(true),
  sortNumber: integer('sort_number').notNull().default(0),
  ...timestamps,
});

/** A store's coupons, in the merchant's order (sort_number). */
export const coupons = pgTable('coupons', couponColumns(), (t) => [
  index('coupons_store_sort_idx').on(t.storeId, t.sortNumber, t.id),
  // The lifecycle mail scan's expiring and expired coupons: a range of last days.
  index('coupons_expiration_idx')
    .on(t.expirationDate)
    .where(sql`${t.expirationDate} is not null`),
  // The sitemaps' lastmod: each store's coupons' first and last days, read from the index alone.
  index('coupons_store_dates_idx').on(t.storeId, t.startDate, t.expirationDate),
]);
