import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { stores } from '../stores/schema';

/**
 * One row per lifecycle mail event (a coupon's expiry, a receipt, a week's summary...):
 * the mail is queued in the transaction that inserts its key, and a key already here
 * inserts nothing, so an event is mailed once whichever instance sees it first.
 */
export const mailEvents = pgTable('mail_events', {
  eventKey: text('event_key').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * Which optional mails a store's owner takes; no row means the defaults (coupon
 * mails on, the weekly summary off). Written from /my-store or a one-click unsubscribe.
 */
export const mailPreferences = pgTable('mail_preferences', {
  storeId: integer('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  expiringCoupons: boolean('expiring_coupons').notNull().default(true),
  expiredCoupons: boolean('expired_coupons').notNull().default(true),
  weeklySummary: boolean('weekly_summary').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
