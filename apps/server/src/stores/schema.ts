import type { ClientId } from '@cc/config';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';
import { timestamps } from '../core/data/columns';

/** The stores table's columns: the table's, and again for the readers of its view (read-model.ts). */
export const storeColumns = () => ({
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  client: integer('client').$type<ClientId>().notNull(),
  name: text('name').notNull(),
  slug: text('slug').notNull(),
  websiteUrl: text('website_url').notNull().default(''),
  affiliateWebsiteUrl: text('affiliate_website_url').notNull().default(''),
  logoUrl: text('logo_url').notNull().default(''),
  contactFirstName: text('contact_first_name').notNull().default(''),
  contactLastName: text('contact_last_name').notNull().default(''),
  contactEmail: text('contact_email').notNull().default(''),
  isApproved: boolean('is_approved').notNull().default(false),
  declined: boolean('declined').notNull().default(false),
  declineReason: text('decline_reason').notNull().default(''),
  location: text('location').notNull().default('uk'),
  primaryCategory: integer('primary_category').notNull().default(1536),
  ...timestamps,
  /** When the store entered the review queue: its creation, or the merchant's last resubmission after a decline. */
  queuedAt: timestamp('queued_at', { withTimezone: true }).notNull(),
});

/** One store per merchant. */
export const stores = pgTable('stores', storeColumns(), (t) => [
  uniqueIndex('stores_slug_key').on(t.slug),
  uniqueIndex('stores_user_key').on(t.userId),
  // The review queue pages by (queued_at, id): one index for pending stores, one for the reviewed ones.
  index('stores_review_pending_idx')
    .on(t.queuedAt, t.id)
    .where(sql`not ${t.isApproved} and not ${t.declined}`),
  index('stores_review_reviewed_idx')
    .on(t.queuedAt, t.id)
    .where(sql`${t.isApproved} or ${t.declined}`),
  // The queue filtered to approved or to declined stores (its pages and counts) reads one of these.
  index('stores_review_approved_idx')
    .on(t.queuedAt, t.id)
    .where(sql`${t.isApproved}`),
  index('stores_review_declined_idx')
    .on(t.queuedAt, t.id)
    .where(sql`${t.declined} and not ${t.isApproved}`),
  // The queue's search: a prefix of the slug, whatever the database's collation.
  index('stores_slug_prefix_idx').on(t.slug.op('text_pattern_ops')),
]);
