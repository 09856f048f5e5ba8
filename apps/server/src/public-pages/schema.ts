import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { bytea } from '../core/data/columns';
import { coupons } from '../coupons/schema';
import { stores } from '../stores/schema';

/**
 * The content version of a store's public page. Database triggers (migrations
 * 0002, 0023) bump it in the same transaction as any change to the store, its
 * coupons or its subscription, so every instance sees a new ETag at once.
 *
 * `changed_at` is the page's last change on the app's clock, for the sitemap's
 * lastmod: an instance stamps it when it first sees a version it has not stamped
 * (`stamped_version`), at the change's notification or, when no instance was
 * listening, at the sitemap's next read of the store (sitemap.ts).
 *
 * `made_version` is the version of the page last made into store_pages (0: none yet, or
 * its day's validity ended): the pages to make are those where it differs from `version`,
 * found through their partial index (page-maker.ts). `making_until` is the lease of the
 * instance making it, so two instances do not make one page.
 */
export const storePageVersions = pgTable(
  'store_page_versions',
  {
    storeId: integer('store_id')
      .primaryKey()
      .references(() => stores.id, { onDelete: 'cascade' }),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
    changedAt: timestamp('changed_at', { withTimezone: true }),
    stampedVersion: bigint('stamped_version', { mode: 'number' }).notNull().default(0),
    madeVersion: bigint('made_version', { mode: 'number' }).notNull().default(0),
    makingUntil: timestamp('making_until', { withTimezone: true }),
  },
  (t) => [
    // The pages changed since their last stamp: usually none, so a shard's stamping finds them without a scan.
    index('store_page_versions_unstamped_idx')
      .on(t.storeId)
      .where(sql`${t.stampedVersion} <> ${t.version}`),
    // The pages to make: usually none, so the page maker finds them without a scan.
    index('store_page_versions_unmade_idx')
      .on(t.storeId)
      .where(sql`${t.madeVersion} <> ${t.version}`),
  ],
);

/**
 * Each live store's public page as made when it last changed (page-maker.ts): the version and
 * the UTC days it was made for (from `made_for` until the day before `valid_until`, when a
 * coupon starts or ends, an expiry cue or the year changes, or shoppers' answers move its
 * cues), its ETag, its br and gzip bodies (a client that accepts neither gets the gzip one
 * inflated) and the ids of the coupons it shows (what a view counts). A request reads it by
 * the store's slug in one statement with the page's head; nothing renders it there.
 */
export const storePages = pgTable(
  'store_pages',
  {
    storeId: integer('store_id')
      .primaryKey()
      .references(() => stores.id, { onDelete: 'cascade' }),
    version: bigint('version', { mode: 'number' }).notNull(),
    madeFor: date('made_for', { mode: 'string' }).notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    etag: text('etag').notNull(),
    br: bytea('br').notNull(),
    gzip: bytea('gzip').notNull(),
    couponIds: integer('coupon_ids').array().notNull(),
    madeAt: timestamp('made_at', { withTimezone: true }).notNull(),
  },
  // The day's pages to make again: those whose validity ends.
  (t) => [index('store_pages_valid_until_idx').on(t.validUntil)],
);

/** The counters' columns: the table's, and again for the readers of its view (read-model.ts). */
export const couponDailyStatsColumns = () => ({
  couponId: integer('coupon_id')
    .notNull()
    .references(() => coupons.id, { onDelete: 'cascade' }),
  day: date('day', { mode: 'string' }).notNull(),
  views: integer('views').notNull().default(0),
  reveals: integer('reveals').notNull().default(0),
  clicks: integer('clicks').notNull().default(0),
});

/** Shopper counts per coupon per UTC day: page views, code reveals and outbound clicks. */
export const couponDailyStats = pgTable('coupon_daily_stats', couponDailyStatsColumns(), (t) => [
  primaryKey({ columns: [t.couponId, t.day] }),
]);

export type CounterKind = 'views' | 'reveals' | 'clicks';
/** What a visitor is recorded for on a day: a counter, or an answer to "Did this code work?". */
export type VisitorKind = CounterKind | 'answers';

/**
 * Who has been counted on a day, so each kind counts at most once per visitor,
 * coupon and UTC day on every instance: a count inserts here first and bumps
 * coupon_daily_stats only for the rows it inserted. `visitor` is a keyed hash
 * of the client's address and User-Agent (see visitors.ts); nothing else about
 * the shopper is kept. Rows are only needed on their own day and are deleted
 * two days later. No foreign key: coupons are checked live just before, and a
 * deleted coupon's rows go with their day.
 */
export const couponVisitors = pgTable(
  'coupon_visitors',
  {
    day: date('day', { mode: 'string' }).notNull(),
    couponId: integer('coupon_id').notNull(),
    kind: text('kind').$type<VisitorKind>().notNull(),
    visitor: text('visitor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.couponId, t.kind, t.visitor] })],
);

/**
 * The random key of each UTC day's visitor hashes, shared by every instance.
 * Deleted with the day's visitors: after that, a hash can no longer be
 * matched to an address and User-Agent, even by someone holding the server's
 * secrets.
 */
export const visitorDayKeys = pgTable('visitor_day_keys', {
  day: date('day', { mode: 'string' }).primaryKey(),
  key: text('key').notNull(),
});

/** The answers' columns: the table's, and (without the time) again for the readers of its view (read-model.ts). */
export const couponFeedbackColumns = () => ({
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  couponId: integer('coupon_id')
    .notNull()
    .references(() => coupons.id, { onDelete: 'cascade' }),
  day: date('day', { mode: 'string' }).notNull(),
  worked: boolean('worked').notNull(),
  answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
});

/**
 * Shoppers' answers to "Did this code work?", one row per answer: at most one
 * per visitor, coupon and UTC day (coupon_visitors with kind 'answers' decides
 * that, so no visitor hash is kept here). Success rates over a window and a
 * coupon's latest answers read the (coupon_id, day, id) index.
 */
export const couponFeedback = pgTable('coupon_feedback', couponFeedbackColumns(), (t) => [
  index('coupon_feedback_coupon_day_idx').on(t.couponId, t.day, t.id),
]);
