import { bigint, date, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { coupons, stores } from '../db/schema';

/**
 * The content version of a store's public page. Database triggers (migration
 * 0002) bump it in the same transaction as any change to the store or its
 * coupons, so every instance sees a new ETag at once.
 */
export const storePageVersions = pgTable('store_page_versions', {
  storeId: integer('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
});

/** Shopper counts per coupon per UTC day: page views, code reveals and outbound clicks. */
export const couponDailyStats = pgTable(
  'coupon_daily_stats',
  {
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
    reveals: integer('reveals').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.day] })],
);
