import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

// No time defaults: every timestamp is written from the app's clock (src/clock.ts), never the database's.
const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
};

/** Merchants and staff. Unique per (client, email); emails are stored lowercased. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    client: integer('client').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    userType: integer('user_type').notNull().default(2),
    role: text('role', { enum: ['merchant', 'staff'] }).notNull().default('merchant'),
    emailVerified: boolean('email_verified').notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_client_email_key').on(t.client, t.email)],
);

/** Refresh tokens: stored hashed, rotated on use; a family shares one login. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_family_idx').on(t.familyId)],
);

/** Single-use email tokens (verification, password reset), stored hashed. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'password_reset'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('email_tokens_hash_key').on(t.tokenHash)],
);

/** One store per merchant. */
export const stores = pgTable(
  'stores',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    client: integer('client').notNull(),
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
  },
  (t) => [
    uniqueIndex('stores_slug_key').on(t.slug),
    uniqueIndex('stores_user_key').on(t.userId),
    // The review queue pages by (queued_at, id): one index for pending stores, one for the reviewed ones.
    index('stores_review_pending_idx').on(t.queuedAt, t.id).where(sql`not ${t.isApproved} and not ${t.declined}`),
    index('stores_review_reviewed_idx').on(t.queuedAt, t.id).where(sql`${t.isApproved} or ${t.declined}`),
    // The queue's search: a prefix of the slug, whatever the database's collation.
    index('stores_slug_prefix_idx').on(t.slug.op('text_pattern_ops')),
  ],
);

export const coupons = pgTable(
  'coupons',
  {
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
  },
  (t) => [index('coupons_store_sort_idx').on(t.storeId, t.sortNumber, t.id)],
);

/** Uploaded logos, re-encoded; every instance serves them from here. */
export const images = pgTable(
  'images',
  {
    publicId: text('public_id').primaryKey(),
    format: text('format').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    data: bytea('data').notNull(),
    ...timestamps,
  },
  // The hourly sweep of unused uploads reads only the old ones.
  (t) => [index('images_created_at_idx').on(t.createdAt)],
);

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
