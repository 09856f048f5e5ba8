import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from '../core/columns';
import { stores } from '../stores/schema';

/** A file a queued mail carries, named by what it is (its kind) and which one. */
export type AttachmentRef = { kind: string; id: string };

/** Email outbox: written in the transaction of the change; a worker sends it. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    client: integer('client').notNull(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** Extra headers of the message, such as List-Unsubscribe on optional mail. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** The files the mail carries, by reference (a receipt's invoice): built when it is sent, never stored. */
    attachments: jsonb('attachments').$type<AttachmentRef[]>().notNull().default([]),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('outbox_pending_idx').on(t.status, t.nextAttemptAt)],
);

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
