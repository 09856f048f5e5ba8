import type { ClientId } from '@cc/config';
import { and, asc, eq, gt, gte, lt, lte, sql, sum, type SQL } from 'drizzle-orm';
import {
  DEFAULT_MAIL_PREFERENCES,
  OPTIONAL_MAIL_KINDS,
  type MailPreferences,
  type MailPreferencesBody,
  type OptionalMailKind,
} from '@cc/contract';
import type { Executor } from '../core/data/db';
import { userDirectory } from '../auth/read-model';
import type { OfferRow } from '../coupons/offer-row';
import { couponDirectory, couponOfferFields, currentOn } from '../coupons/read-model';
import { countedCoupon, couponDayCounts, storeDaysBetween } from '../public-pages/read-model';
import { storeDirectory } from '../stores/read-model';
import { mailEvents, mailPreferences } from './schema';

const PROPERTY = {
  expiring_coupons: 'expiringCoupons',
  expired_coupons: 'expiredCoupons',
  weekly_summary: 'weeklySummary',
} as const;

const columnsOf = (prefs: MailPreferences) => ({
  expiringCoupons: prefs.expiring_coupons,
  expiredCoupons: prefs.expired_coupons,
  weeklySummary: prefs.weekly_summary,
});

const wire = (row: typeof mailPreferences.$inferSelect): MailPreferences => ({
  expiring_coupons: row.expiringCoupons,
  expired_coupons: row.expiredCoupons,
  weekly_summary: row.weeklySummary,
});

const COLUMN = {
  expiring_coupons: mailPreferences.expiringCoupons,
  expired_coupons: mailPreferences.expiredCoupons,
  weekly_summary: mailPreferences.weeklySummary,
} as const;

/** Whether a store takes a kind: its saved choice, else the default (a store without a row). */
const takes = (kind: OptionalMailKind) =>
  sql<boolean>`coalesce(${COLUMN[kind]}, ${DEFAULT_MAIL_PREFERENCES[kind]})`;
/**
 * The event keys the scans claim in mail_events, computed in SQL: each query tests
 * its key there and answers it, so the key a row is claimed under is by construction
 * the one that keeps it out of later scans.
 */
const eventKeys = {
  couponExpiring: sql<string>`'coupon_expiring:' || ${couponDirectory.id} || ':' || ${couponDirectory.expirationDate}`,
  couponExpired: sql<string>`'coupon_expired:' || ${couponDirectory.id} || ':' || ${couponDirectory.expirationDate}`,
  weeklySummary: (monday: string) =>
    sql<string>`'weekly_summary:' || ${storeDirectory.id} || ':' || ${monday}::text`,
};
/** No mail_events row has this key yet (one lookup of its primary key): what was mailed is not read again. */
const notMailed = (key: SQL<string>) =>
  sql`not exists (select 1 from ${mailEvents} where ${mailEvents.eventKey} = ${key})`;

const ownerColumns = {
  storeId: storeDirectory.id,
  client: storeDirectory.client,
  storeName: storeDirectory.name,
  email: userDirectory.email,
};
export type StoreOwner = { storeId: number; client: ClientId; storeName: string; email: string };
/** A coupon the scans mail about, with its store's owner; its offer is read through coupons/offer-row.ts. */
const couponColumns = {
  ...ownerColumns,
  couponId: couponDirectory.id,
  description: couponDirectory.description,
  ...couponOfferFields,
};
export type CouponRow = StoreOwner &
  OfferRow & {
    eventKey: string;
    couponId: number;
    description: string;
  };
/** A coupon's place in the scans' order (last day, then id): a later batch starts after it. */
export type CouponPlace = { expirationDate: string; couponId: number };
const afterPlace = (place: CouponPlace | undefined) =>
  place &&
  sql`(${couponDirectory.expirationDate}, ${couponDirectory.id}) > (${place.expirationDate}::date, ${place.couponId})`;

export function lifecycleMailRepository(db: Executor) {
  return {
    /** Records the event; true only for the one caller whose insert made the row. */
    async claim(eventKey: string, now: Date, executor: Executor): Promise<boolean> {
      const rows = await executor
        .insert(mailEvents)
        .values({ eventKey, createdAt: now })
        .onConflictDoNothing({ target: mailEvents.eventKey })
        .returning({ eventKey: mailEvents.eventKey });
      return rows.length === 1;
    },

    /** Records each event in one statement; answers the keys whose row this call made (the others were claimed before). */
    async claimAll(keys: string[], now: Date, executor: Executor): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await executor
        .insert(mailEvents)
        .values(keys.map((eventKey) => ({ eventKey, createdAt: now })))
        .onConflictDoNothing({ target: mailEvents.eventKey })
        .returning({ eventKey: mailEvents.eventKey });
      return new Set(rows.map((row) => row.eventKey));
    },

    /** Takes the scans' transaction-scoped advisory lock; false while another instance holds it. */
    async tryScanLock(executor: Executor): Promise<boolean> {
      // Two keys (class, id) so it cannot meet a single-key lock taken elsewhere.
      const result = await executor.execute(
        sql`select pg_try_advisory_xact_lock(7340117, 1) as locked`,
      );
      // Both drivers (node-postgres, PGlite) answer { rows }.
      return (result as { rows: { locked: boolean }[] }).rows[0]?.locked === true;
    },

    async preferences(storeId: number, executor: Executor = db): Promise<MailPreferences> {
      const [row] = await executor
        .select()
        .from(mailPreferences)
        .where(eq(mailPreferences.storeId, storeId));
      if (!row) return DEFAULT_MAIL_PREFERENCES;
      return wire(row);
    },

    /**
     * Sets the kinds in `changes` (the others keep their saved or default value) in one
     * statement, so two changes at once never undo each other; answers all three.
     */
    async savePreferences(
      storeId: number,
      changes: MailPreferencesBody,
      now: Date,
      executor: Executor = db,
    ): Promise<MailPreferences> {
      const set: Partial<typeof mailPreferences.$inferInsert> & { updatedAt: Date } = {
        updatedAt: now,
      };
      for (const kind of OPTIONAL_MAIL_KINDS) {
        const value = changes[kind];
        if (value !== undefined) set[PROPERTY[kind]] = value;
      }
      const [row] = await executor
        .insert(mailPreferences)
        .values({ ...columnsOf(DEFAULT_MAIL_PREFERENCES), storeId, ...set })
        .onConflictDoUpdate({ target: mailPreferences.storeId, set })
        .returning();
      return row ? wire(row) : { ...DEFAULT_MAIL_PREFERENCES, ...changes };
    },

    async storeOwner(storeId: number, executor: Executor = db): Promise<StoreOwner | undefined> {
      const [row] = await executor
        .select(ownerColumns)
        .from(storeDirectory)
        .innerJoin(userDirectory, eq(userDirectory.id, storeDirectory.userId))
        .where(eq(storeDirectory.id, storeId));
      return row;
    },

    /**
     * Up to `limit` of the approved stores' coupons showing today whose last day is at
     * most `lastDay`, not mailed about yet, soonest last day first, from after `after`.
     */
    async expiringCoupons(
      range: { today: string; lastDay: string; limit: number; after?: CouponPlace },
      executor: Executor,
    ) {
      const { today, lastDay, limit, after } = range;
      return executor
        .select({ ...couponColumns, eventKey: eventKeys.couponExpiring })
        .from(couponDirectory)
        .innerJoin(storeDirectory, eq(storeDirectory.id, couponDirectory.storeId))
        .innerJoin(userDirectory, eq(userDirectory.id, storeDirectory.userId))
        .leftJoin(mailPreferences, eq(mailPreferences.storeId, storeDirectory.id))
        .where(
          and(
            eq(storeDirectory.isApproved, true),
            currentOn(today),
            // Said again outside currentOn's "or null", so the scan is one range of coupons_expiration_idx.
            gte(couponDirectory.expirationDate, today),
            lte(couponDirectory.expirationDate, lastDay),
            takes('expiring_coupons'),
            notMailed(eventKeys.couponExpiring),
            afterPlace(after),
          ),
        )
        .orderBy(asc(couponDirectory.expirationDate), asc(couponDirectory.id))
        .limit(limit);
    },

    /**
     * Up to `limit` of the approved stores' coupons whose last day was from `since` to
     * yesterday and that had started by then, not mailed about yet, earliest last day
     * first from after `after`, with how many of the store's coupons show today.
     */
    async expiredCoupons(
      range: { today: string; since: string; limit: number; after?: CouponPlace },
      executor: Executor,
    ) {
      const { today, since, limit, after } = range;
      const live =
        sql<number>`(select count(*) from ${couponDirectory} as live where live.store_id = ${storeDirectory.id}
        and (live.start_date is null or live.start_date <= ${today})
        and (live.expiration_date is null or live.expiration_date >= ${today}))`.mapWith(Number);
      return executor
        .select({ ...couponColumns, eventKey: eventKeys.couponExpired, liveCount: live })
        .from(couponDirectory)
        .innerJoin(storeDirectory, eq(storeDirectory.id, couponDirectory.storeId))
        .innerJoin(userDirectory, eq(userDirectory.id, storeDirectory.userId))
        .leftJoin(mailPreferences, eq(mailPreferences.storeId, storeDirectory.id))
        .where(
          and(
            eq(storeDirectory.isApproved, true),
            lt(couponDirectory.expirationDate, today),
            gte(couponDirectory.expirationDate, since),
            sql`(${couponDirectory.startDate} is null or ${couponDirectory.startDate} <= ${couponDirectory.expirationDate})`,
            takes('expired_coupons'),
            notMailed(eventKeys.couponExpired),
            afterPlace(after),
          ),
        )
        .orderBy(asc(couponDirectory.expirationDate), asc(couponDirectory.id))
        .limit(limit);
    },

    /**
     * Up to `limit` of the stores that turned the weekly summary on and have not had the
     * week starting `monday`, by id from after `afterStoreId`.
     */
    async weeklySummaryStores(
      week: { monday: string; limit: number; afterStoreId?: number },
      executor: Executor,
    ) {
      const { monday, limit, afterStoreId } = week;
      const key = eventKeys.weeklySummary(monday);
      return executor
        .select({ ...ownerColumns, eventKey: key })
        .from(mailPreferences)
        .innerJoin(storeDirectory, eq(storeDirectory.id, mailPreferences.storeId))
        .innerJoin(userDirectory, eq(userDirectory.id, storeDirectory.userId))
        .where(
          and(
            eq(mailPreferences.weeklySummary, true),
            notMailed(key),
            afterStoreId === undefined ? undefined : gt(mailPreferences.storeId, afterStoreId),
          ),
        )
        .orderBy(asc(mailPreferences.storeId))
        .limit(limit);
    },

    /** A store's views, reveals and clicks from the daily rows of `from` to `to` (inclusive). */
    async weekCounts(storeId: number, from: string, to: string, executor: Executor) {
      const [row] = await executor
        .select({
          views: sum(couponDayCounts.views),
          reveals: sum(couponDayCounts.reveals),
          clicks: sum(couponDayCounts.clicks),
        })
        .from(couponDayCounts)
        .innerJoin(couponDirectory, countedCoupon)
        .where(storeDaysBetween(storeId, from, to));
      return {
        views: Number(row?.views ?? 0),
        reveals: Number(row?.reveals ?? 0),
        clicks: Number(row?.clicks ?? 0),
      };
    },

    /** Turns one kind off for a store (one-click unsubscribe); false when the store is gone. */
    async turnOff(storeId: number, kind: OptionalMailKind, now: Date): Promise<boolean> {
      const [store] = await db
        .select({ id: storeDirectory.id })
        .from(storeDirectory)
        .where(eq(storeDirectory.id, storeId));
      if (!store) return false;
      await this.savePreferences(storeId, { [kind]: false }, now);
      return true;
    },
  };
}
export type LifecycleMailRepository = ReturnType<typeof lifecycleMailRepository>;
