import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../core/data/db';
import { isVerifiedUser, userDirectory } from '../auth/read-model';
import { couponDirectory, couponFields, couponStoreFields } from '../coupons/read-model';
import { storeDirectory, storeFields } from '../stores/read-model';
import type { CouponWithStore } from '../coupons/types';
import type { StoreRow } from '../stores/types';
import { reviewActions } from './schema';

export type ReviewStatus = 'pending' | 'approved' | 'declined';
export type ReviewActionRow = typeof reviewActions.$inferSelect & { actorEmail: string | null };
export type QueueRow = { store: StoreRow; ownerEmail: string };
/** A place in the queue: the segment (0 pending, 1 reviewed) and the store's (queued_at, id). */
export type QueueKey = { segment: number; queuedAt: string; id: number };
export type KeyedRow = QueueRow & { key: QueueKey };

/**
 * The queue's order: pending stores first, then the reviewed ones; in each, oldest in the
 * queue first (queued_at, then id). Each segment reads one partial index on (queued_at, id).
 * A pending store enters the queue only once its owner has verified their email.
 */
const SEGMENTS = {
  pending: sql`(not ${storeDirectory.isApproved} and not ${storeDirectory.declined} and ${isVerifiedUser(storeDirectory.userId)})`,
  reviewed: sql`(${storeDirectory.isApproved} or ${storeDirectory.declined})`,
  approved: sql`${storeDirectory.isApproved}`,
  declined: sql`(${storeDirectory.declined} and not ${storeDirectory.isApproved})`,
};
type Segment = keyof typeof SEGMENTS;

/** The segments a status filter reads, in queue order. */
export function segmentsOf(status: ReviewStatus | undefined): Segment[] {
  return status ? [status] : ['pending', 'reviewed'];
}

/** queued_at to the microsecond, so a key compares exactly as the database does. */
const queuedText = sql<string>`to_char(${storeDirectory.queuedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** A slug prefix for LIKE, its wildcards escaped. */
function slugPrefix(search: string): string {
  return `${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

type SegmentRead = {
  segment: Segment;
  search?: string | undefined;
  after?: QueueKey | undefined;
  backward?: boolean;
  offset?: number;
  limit: number;
};

export function reviewRepository(db: Executor) {
  const owner = { store: storeFields, ownerEmail: userDirectory.email };
  function where(segment: Segment, search: string | undefined) {
    return and(
      SEGMENTS[segment],
      search ? sql`${storeDirectory.slug} like ${slugPrefix(search)}` : undefined,
    );
  }
  return {
    /** One segment of the queue in order (or reversed), after a key, with each row's key. */
    async segment(read: SegmentRead, executor: Executor = db): Promise<KeyedRow[]> {
      const { after, backward = false } = read;
      const bound = after
        ? backward
          ? sql`(${storeDirectory.queuedAt}, ${storeDirectory.id}) < (${after.queuedAt}::timestamptz, ${after.id})`
          : sql`(${storeDirectory.queuedAt}, ${storeDirectory.id}) > (${after.queuedAt}::timestamptz, ${after.id})`
        : undefined;
      // An offset is found in the index alone (an index-only scan), then read from as a key.
      const from = read.offset
        ? sql`(${storeDirectory.queuedAt}, ${storeDirectory.id}) >= (select ${storeDirectory.queuedAt}, ${storeDirectory.id} from ${storeDirectory}
            where ${where(read.segment, read.search)} order by ${storeDirectory.queuedAt}, ${storeDirectory.id} offset ${read.offset} limit 1)`
        : undefined;
      const order = backward
        ? [desc(storeDirectory.queuedAt), desc(storeDirectory.id)]
        : [asc(storeDirectory.queuedAt), asc(storeDirectory.id)];
      const rows = await executor
        .select({ ...owner, queued: queuedText })
        .from(storeDirectory)
        .innerJoin(userDirectory, eq(userDirectory.id, storeDirectory.userId))
        .where(and(where(read.segment, read.search), bound, from))
        .orderBy(...order)
        .limit(read.limit);
      const segment = read.segment === 'pending' ? 0 : 1;
      return rows.map(({ queued, ...row }) => ({
        ...row,
        key: { segment, queuedAt: queued, id: row.store.id },
      }));
    },
    /** How many stores a segment holds (an index-only count over its partial index). */
    async count(
      segment: Segment,
      search: string | undefined,
      executor: Executor = db,
    ): Promise<number> {
      const [row] = await executor
        .select({ n: count() })
        .from(storeDirectory)
        .where(where(segment, search));
      return row?.n ?? 0;
    },
    async byId(storeId: number, executor: Executor = db): Promise<QueueRow | undefined> {
      const [row] = await executor
        .select(owner)
        .from(storeDirectory)
        .innerJoin(userDirectory, eq(userDirectory.id, storeDirectory.userId))
        .where(eq(storeDirectory.id, storeId));
      return row;
    },
    async couponsOf(storeIds: number[], executor: Executor = db): Promise<CouponWithStore[]> {
      if (storeIds.length === 0) return [];
      return executor
        .select({
          coupon: couponFields,
          store: couponStoreFields,
        })
        .from(couponDirectory)
        .innerJoin(storeDirectory, eq(storeDirectory.id, couponDirectory.storeId))
        .where(inArray(couponDirectory.storeId, storeIds))
        .orderBy(asc(couponDirectory.sortNumber), asc(couponDirectory.id));
    },
    async actionsOf(storeIds: number[], executor: Executor = db): Promise<ReviewActionRow[]> {
      if (storeIds.length === 0) return [];
      return executor
        .select({
          id: reviewActions.id,
          storeId: reviewActions.storeId,
          actorId: reviewActions.actorId,
          action: reviewActions.action,
          reason: reviewActions.reason,
          createdAt: reviewActions.createdAt,
          actorEmail: userDirectory.email,
        })
        .from(reviewActions)
        .leftJoin(userDirectory, eq(userDirectory.id, reviewActions.actorId))
        .where(inArray(reviewActions.storeId, storeIds))
        .orderBy(asc(reviewActions.createdAt), asc(reviewActions.id));
    },
    /** The store row, locked until the transaction ends. */
    async lockStore(storeId: number, executor: Executor): Promise<StoreRow | undefined> {
      const [row] = await executor
        .select()
        .from(storeDirectory)
        .where(eq(storeDirectory.id, storeId))
        .for('update');
      return row;
    },
    async record(
      action: {
        storeId: number;
        actorId: number;
        action: 'approve' | 'decline' | 'resubmit';
        reason?: string;
        at: Date;
      },
      executor: Executor = db,
    ): Promise<void> {
      await executor.insert(reviewActions).values({
        storeId: action.storeId,
        actorId: action.actorId,
        action: action.action,
        reason: action.reason ?? '',
        createdAt: action.at,
      });
    },
  };
}
export type ReviewRepository = ReturnType<typeof reviewRepository>;
