import { parseClientId, type ClientId } from '@cc/config';
import { and, asc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import { storeSubscriptionSummary } from '../billing/read-model';
import type { Executor } from '../core/data/db';
import { couponDirectory, currentOn } from '../coupons/read-model';
import { storeDirectory, storeFields } from '../stores/read-model';
import type { CouponRow } from '../coupons/types';
import type { StoreRow } from '../stores/types';
import type { PendingCount } from './count-batches';
import {
  couponDailyStats,
  couponVisitors,
  storePages,
  storePageVersions,
  visitorDayKeys,
} from './schema';

export type { CounterKind } from './schema';

/** What decides a page's freshness and liveness, read in one round trip per request. */
export type PageHead = {
  id: number;
  client: ClientId;
  isApproved: boolean;
  declined: boolean;
  version: number;
  /** The store's current subscription (live ones first, then newest), `status|periodEndSeconds`, or null. */
  subscription: string | null;
};

/** An approved store as its sitemap entry needs it; whether its page is live is decided per request (isLive). */
export type SitemapStore = {
  id: number;
  client: ClientId;
  slug: string;
  isApproved: boolean;
  subscription: string | null;
  /** The page's last change (ms since the epoch): its stamp, or a coupon starting or ending since. */
  lastmod: number;
};

/** A store's page as made (page-maker.ts) for `version`, for the days from `madeFor` until before `validUntil`. */
export type MadePage = {
  version: number;
  madeFor: string;
  validUntil: string;
  etag: string;
  br: Buffer;
  gzip: Buffer;
  couponIds: number[];
};

/** A page to make: the store and the content version it was claimed at. */
export type ClaimedPage = { storeId: number; version: number };

/** What a store's page is made from: the store with its subscription, its coupons shown on `day`, and the next day they change. */
export type PageContent = {
  store: StoreRow;
  subscription: string | null;
  coupons: CouponRow[];
  nextCouponEdge: string | null;
};

/** A page made for `version` (none: the store is not live, so its page is deleted). */
export type MadeToKeep = {
  storeId: number;
  version: number;
  page: (Omit<MadePage, 'version'> & { madeAt: Date }) | undefined;
};

/**
 * The days a store's coupons change its page, as the sitemap's lastmod and the made pages'
 * validity both count them: the day a coupon starts showing, and the day after it ends. `last`:
 * the latest such day up to `day`; `next`: the first one after it (null when none). Read from
 * the (store_id, start_date, expiration_date) index alone.
 */
function couponEdge(storeId: SQL, day: string, side: 'last' | 'next'): SQL {
  const starts = sql`${couponDirectory.startDate}`;
  const stops = sql`(${couponDirectory.expirationDate} + 1)`;
  const [within, pick] = side === 'last' ? [sql`<=`, sql`max(greatest`] : [sql`>`, sql`min(least`];
  return sql`(select ${pick}(case when ${starts} ${within} ${day}::date then ${starts} end, case when ${stops} ${within} ${day}::date then ${stops} end))
    from ${couponDirectory} where ${couponDirectory.storeId} = ${storeId})`;
}

/** Which stores a sitemap read takes: a range of ids (a shard), or the ids named by notifications. */
export type SitemapSelection = { from: number; to: number } | { ids: readonly number[] };

/** A page's coupons as a PostgreSQL array literal, made once per list (a page's list is shared by its views). */
const couponLists = new WeakMap<readonly number[], string>();
function couponList(ids: readonly number[]): string {
  let list = couponLists.get(ids);
  if (list === undefined) {
    list = `{${ids.join(',')}}`;
    couponLists.set(ids, list);
  }
  return list;
}

export function publicPagesRepository(db: Executor) {
  const headFields = {
    id: storeDirectory.id,
    client: storeDirectory.client,
    isApproved: storeDirectory.isApproved,
    declined: storeDirectory.declined,
    version: sql<number>`coalesce(${storePageVersions.version}, 0)`.mapWith(Number),
    subscription: storeSubscriptionSummary,
  };
  const madeFields = {
    version: storePages.version,
    madeFor: storePages.madeFor,
    validUntil: storePages.validUntil,
    etag: storePages.etag,
    br: storePages.br,
    gzip: storePages.gzip,
    couponIds: storePages.couponIds,
  };
  // A request's one read: the head, and the page as made, by the slug's unique index and two primary keys.
  const headAndPage = db
    .select({ head: headFields, made: madeFields })
    .from(storeDirectory)
    .leftJoin(storePageVersions, eq(storePageVersions.storeId, storeDirectory.id))
    .leftJoin(storePages, eq(storePages.storeId, storeDirectory.id))
    .where(eq(storeDirectory.slug, sql.placeholder('slug')))
    .prepare('store_page_head_and_page');
  const madePage = db
    .select(madeFields)
    .from(storePages)
    .where(eq(storePages.storeId, sql.placeholder('id')))
    .prepare('store_page_made');

  return {
    /** The page's head by its slug, with its page as made (null when none was). */
    async headAndPage(
      slug: string,
    ): Promise<{ head: PageHead; made: MadePage | null } | undefined> {
      const [row] = await headAndPage.execute({ slug });
      return row;
    },
    /** The store's page as made, by the store's id. */
    async madePage(storeId: number): Promise<MadePage | undefined> {
      const [row] = await madePage.execute({ id: storeId });
      return row;
    },
    /**
     * What the stores' pages are made from on `day`, by store id (a store gone is left out), in
     * three statements whatever the number of stores: the stores with their subscriptions, their
     * coupons shown that day in the merchant's order, and the next day their coupons change.
     */
    async pageContents(
      storeIds: readonly number[],
      day: string,
    ): Promise<Map<number, PageContent>> {
      const ids = sql.param(storeIds);
      const storeId = sql`edges.${sql.identifier('id')}`;
      const [stores, coupons, edges] = await Promise.all([
        db
          .select({ store: storeFields, subscription: storeSubscriptionSummary })
          .from(storeDirectory)
          .where(sql`${storeDirectory.id} = any(${ids}::int[])`),
        db
          .select()
          .from(couponDirectory)
          .where(and(sql`${couponDirectory.storeId} = any(${ids}::int[])`, currentOn(day)))
          .orderBy(
            asc(couponDirectory.storeId),
            asc(couponDirectory.sortNumber),
            asc(couponDirectory.id),
          ),
        db.execute(
          sql`select ${storeId} as id, ${couponEdge(storeId, day, 'next')}::text as day from unnest(${ids}::int[]) as edges(id)`,
        ),
      ]);
      // Both drivers (node-postgres, PGlite) answer { rows }.
      const nextEdges = new Map(
        (edges as { rows: { id: number | string; day: string | null }[] }).rows.map((row) => [
          Number(row.id),
          row.day,
        ]),
      );
      const contents = new Map<number, PageContent>();
      for (const { store, subscription } of stores) {
        contents.set(store.id, {
          store,
          subscription,
          coupons: [],
          nextCouponEdge: nextEdges.get(store.id) ?? null,
        });
      }
      for (const coupon of coupons) contents.get(coupon.storeId)?.coupons.push(coupon);
      return contents;
    },
    /** The ids of every coupon of the stores, as a subquery. */
    couponIdsOfStores: (storeIds: readonly number[]) =>
      db
        .select({ id: couponDirectory.id })
        .from(couponDirectory)
        .where(sql`${couponDirectory.storeId} = any(${sql.param(storeIds)}::int[])`),
    /**
     * Claims up to `limit` pages to make (their made version is not their version, through the
     * partial index) that no other instance holds a lease on, leasing them until `leaseUntil`;
     * rows another instance is claiming are skipped, not waited for.
     */
    async claimUnmade(limit: number, now: Date, leaseUntil: Date): Promise<ClaimedPage[]> {
      const result = await db.execute(sql`
        update ${storePageVersions} set making_until = ${leaseUntil.toISOString()}::timestamptz
        where store_id in (
          select store_id from ${storePageVersions}
          where made_version <> version and (making_until is null or making_until <= ${now.toISOString()}::timestamptz)
          order by store_id limit ${limit} for update skip locked)
        returning store_id as "storeId", version`);
      const rows = (result as { rows: { storeId: number | string; version: number | string }[] })
        .rows;
      return rows.map((row) => ({ storeId: Number(row.storeId), version: Number(row.version) }));
    },
    /**
     * Keeps the pages made (a store not live has its page deleted) and marks each version made,
     * ending its lease, in one transaction. A page made for an older version than the one kept is
     * not written; a version changed meanwhile stays to be made.
     */
    async keepMade(made: readonly MadeToKeep[]): Promise<void> {
      if (made.length === 0) return;
      const rows = made.flatMap(({ storeId, version, page }) =>
        page ? [{ storeId, version, ...page }] : [],
      );
      const gone = made.filter((item) => !item.page).map((item) => item.storeId);
      const excluded = (column: string) => sql.raw(`excluded.${column}`);
      await db.transaction(async (tx) => {
        if (rows.length > 0) {
          await tx
            .insert(storePages)
            .values(rows)
            .onConflictDoUpdate({
              target: storePages.storeId,
              set: {
                version: excluded('version'),
                madeFor: excluded('made_for'),
                validUntil: excluded('valid_until'),
                etag: excluded('etag'),
                br: excluded('br'),
                gzip: excluded('gzip'),
                couponIds: excluded('coupon_ids'),
                madeAt: excluded('made_at'),
              },
              setWhere: sql`${storePages.version} <= excluded.version`,
            });
        }
        if (gone.length > 0) await tx.delete(storePages).where(inArray(storePages.storeId, gone));
        await tx.execute(sql`update ${storePageVersions} set made_version = made.version, making_until = null
          from unnest(${sql.param(made.map((item) => item.storeId))}::int[], ${sql.param(made.map((item) => item.version))}::bigint[]) as made(store_id, version)
          where ${storePageVersions}.store_id = made.store_id`);
      });
    },
    /** Marks to be made again every page made for days that end before `day` (by the validity's index). */
    async requeueEnded(day: string): Promise<number> {
      const rows = await db
        .update(storePageVersions)
        .set({ madeVersion: 0 })
        .where(
          and(
            sql`${storePageVersions.madeVersion} = ${storePageVersions.version}`,
            inArray(
              storePageVersions.storeId,
              db
                .select({ id: storePages.storeId })
                .from(storePages)
                .where(lte(storePages.validUntil, day)),
            ),
          ),
        )
        .returning({ id: storePageVersions.storeId });
      return rows.length;
    },
    /**
     * The store's page, as made, holds until `day` at the latest, and is queued to be made again
     * (a shopper's answer changes its cues).
     */
    async madeValidUntil(storeId: number, day: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(storePages)
          .set({ validUntil: sql`least(${storePages.validUntil}, ${day}::date)` })
          .where(eq(storePages.storeId, storeId));
        await tx
          .update(storePageVersions)
          .set({ madeVersion: 0 })
          .where(eq(storePageVersions.storeId, storeId));
      });
    },
    async store(id: number, executor: Executor = db): Promise<StoreRow | undefined> {
      const [row] = await executor.select().from(storeDirectory).where(eq(storeDirectory.id, id));
      return row;
    },
    /** The ids of every coupon of the store, as a subquery: a statement that needs them reads them itself. */
    couponIdsOf: (storeId: number) =>
      db
        .select({ id: couponDirectory.id })
        .from(couponDirectory)
        .where(eq(couponDirectory.storeId, storeId)),
    /** The store's coupons shoppers see on `day` (started, not expired), in the merchant's order. */
    async liveCoupons(storeId: number, day: string, executor: Executor = db): Promise<CouponRow[]> {
      return executor
        .select()
        .from(couponDirectory)
        .where(and(eq(couponDirectory.storeId, storeId), currentOn(day)))
        .orderBy(asc(couponDirectory.sortNumber), asc(couponDirectory.id));
    },
    /**
     * Writes a batch of shoppers' events in one statement: each event's coupons become rows of
     * coupon_visitors (those already there, from this batch, an earlier one or another instance,
     * are skipped) and each coupon's counters of the day go up by its new rows alone. A coupon
     * deleted since its count was taken is left out. Answers how many counters rows changed.
     */
    async countBatch(counts: PendingCount[], executor: Executor = db): Promise<number> {
      if (counts.length === 0) return 0;
      // Four arrays, one parameter each and one element per event, whatever the batch's size: the
      // statement stays small to build and to parse, and never nears the protocol's limit of
      // parameters. An event's coupons travel as one array literal, expanded by the database.
      const column = <T>(pick: (count: PendingCount) => T) => sql.param(counts.map(pick));
      const result = await executor.execute(sql`
        with batch as (
          select b.day, c.coupon_id, b.kind, b.visitor
          from unnest(${column((c) => c.day)}::date[], ${column((c) => c.kind)}::text[], ${column((c) => c.visitor)}::text[], ${column((c) => couponList(c.couponIds))}::text[])
            as b(day, kind, visitor, coupons)
          cross join lateral unnest(b.coupons::int[]) as c(coupon_id)
        ), fresh as (
          insert into ${couponVisitors} (day, coupon_id, kind, visitor)
          select day, coupon_id, kind, visitor from batch
          on conflict do nothing
          returning coupon_id, day, kind
        ), counted as (
          insert into ${couponDailyStats} (coupon_id, day, views, reveals, clicks)
          select fresh.coupon_id, fresh.day,
            (count(*) filter (where fresh.kind = 'views'))::int,
            (count(*) filter (where fresh.kind = 'reveals'))::int,
            (count(*) filter (where fresh.kind = 'clicks'))::int
          from fresh join ${couponDirectory} on ${couponDirectory.id} = fresh.coupon_id
          group by fresh.coupon_id, fresh.day
          on conflict (coupon_id, day) do update set
            views = ${couponDailyStats}.views + excluded.views,
            reveals = ${couponDailyStats}.reveals + excluded.reveals,
            clicks = ${couponDailyStats}.clicks + excluded.clicks
          returning 1
        )
      select count(*)::int as counted from counted`);
      // Both drivers (node-postgres, PGlite) answer { rows }.
      return Number((result as { rows: { counted: number }[] }).rows[0]?.counted ?? 0);
    },
    /**
     * The key of the day's visitor hashes: `candidate` unless another instance
     * stored one first. Also deletes the visitors and keys of days before
     * `keepFrom` (run once a day per instance).
     */
    async visitorDayKey({
      day,
      candidate,
      keepFrom,
    }: {
      day: string;
      candidate: string;
      keepFrom: string;
    }): Promise<string> {
      await db.insert(visitorDayKeys).values({ day, key: candidate }).onConflictDoNothing();
      const [row] = await db
        .select({ key: visitorDayKeys.key })
        .from(visitorDayKeys)
        .where(eq(visitorDayKeys.day, day));
      if (!row) throw new Error(`No visitor key for ${day}`);
      await db.delete(couponVisitors).where(lt(couponVisitors.day, keepFrom));
      await db.delete(visitorDayKeys).where(lt(visitorDayKeys.day, keepFrom));
      return row.key;
    },
    /** Sums per coupon of the coupons given between two days (inclusive); coupons without counts are left out. */
    async totalsFor(couponIds: number[], from: string, to: string, executor: Executor = db) {
      if (couponIds.length === 0) return [];
      return executor
        .select({
          coupon: couponDailyStats.couponId,
          views: sql<number>`sum(${couponDailyStats.views})`.mapWith(Number),
          reveals: sql<number>`sum(${couponDailyStats.reveals})`.mapWith(Number),
          clicks: sql<number>`sum(${couponDailyStats.clicks})`.mapWith(Number),
        })
        .from(couponDailyStats)
        .where(
          and(
            inArray(couponDailyStats.couponId, couponIds),
            gte(couponDailyStats.day, from),
            lte(couponDailyStats.day, to),
          ),
        )
        .groupBy(couponDailyStats.couponId);
    },
    /**
     * The approved stores of a selection, by id, each with its page's lastmod on `day` (yyyy-MM-dd):
     * the later of its stamp and the last start or end of one of its coupons up to that day (a
     * coupon ending on day d leaves the page at d + 1, 00:00 UTC). In the same statement, every
     * selected page whose version has not been stamped yet (a change no instance has seen) is
     * stamped `now` (found through the index of unstamped pages). Reads the stores' primary key (a
     * range, or the ids), and per store its row of store_page_versions, its subscription and its
     * coupons' days by their indexes (the last from the index alone).
     */
    async sitemapStores(
      selection: SitemapSelection,
      day: string,
      now: Date,
    ): Promise<SitemapStore[]> {
      const stamp =
        'ids' in selection
          ? sql`= any(${sql.param(selection.ids)}::int[])`
          : sql`between ${selection.from} and ${selection.to}`;
      const storeId = sql`${storeDirectory}.${sql.identifier('id')}`;
      const boundary = couponEdge(storeId, day, 'last');
      // Each store's own row by its key, whatever share of the table a shard is.
      const changedAt = sql`(select ${storePageVersions.changedAt} from ${storePageVersions} where ${storePageVersions.storeId} = ${storeId})`;
      const result = await db.execute(sql`
        with stamped as (
          update ${storePageVersions} set changed_at = ${now.toISOString()}::timestamptz, stamped_version = version
          where store_id ${stamp} and stamped_version <> version
          returning store_id, changed_at
        )
        select ${storeId} as id, ${storeDirectory.client} as client, ${storeDirectory.slug} as slug,
          ${storeDirectory.isApproved} as "isApproved", ${storeSubscriptionSummary} as subscription,
          (extract(epoch from greatest(coalesce(stamped.changed_at, ${changedAt}), ${boundary}::timestamp at time zone 'UTC')) * 1000)::float8 as lastmod
        from ${storeDirectory}
        left join stamped on stamped.store_id = ${storeId}
        where ${storeId} ${stamp} and ${storeDirectory.isApproved}
        order by ${storeId}`);
      // Both drivers (node-postgres, PGlite) answer { rows }.
      const rows = (
        result as {
          rows: (Omit<SitemapStore, 'lastmod' | 'client'> & {
            client: unknown;
            lastmod: number | string | null;
          })[];
        }
      ).rows;
      // A store of a brand this build does not know has no sitemap to be in.
      return rows.flatMap((row) => {
        const client = parseClientId(row.client);
        return client === undefined
          ? []
          : [{ ...row, id: Number(row.id), client, lastmod: Number(row.lastmod ?? 0) }];
      });
    },
    /** The highest store id there is (0 without stores): how many shards the sitemap may have. */
    async lastStoreId(): Promise<number> {
      const [row] = await db
        .select({ id: sql<number>`coalesce(max(${storeDirectory.id}), 0)`.mapWith(Number) })
        .from(storeDirectory);
      return row?.id ?? 0;
    },
    async couponIdsIn(storeId: number, ids: number[], executor: Executor = db): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await executor
        .select({ id: couponDirectory.id })
        .from(couponDirectory)
        .where(and(eq(couponDirectory.storeId, storeId), inArray(couponDirectory.id, ids)));
      return rows.map((row) => row.id);
    },
  };
}
export type PublicPagesRepository = ReturnType<typeof publicPagesRepository>;
