import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { coupons, stores, users } from '../db/schema';
import type { CouponWithStore } from '../repositories/coupons';
import type { StoreRow } from '../repositories/stores';
import { reviewActions } from './schema';

export type ReviewStatus = 'pending' | 'approved' | 'declined';
export type ReviewActionRow = typeof reviewActions.$inferSelect & { actorEmail: string | null };
export type QueueRow = { store: StoreRow; ownerEmail: string; queuedAt: Date };

/** When a store entered the queue: its last resubmission, else its creation. */
const queuedAt = sql<Date>`coalesce((select max(${reviewActions.createdAt}) from ${reviewActions}
  where ${reviewActions.storeId} = ${stores.id} and ${reviewActions.action} = 'resubmit'), ${stores.createdAt})`;
const isPending = sql`(not ${stores.isApproved} and not ${stores.declined})`;

function statusCondition(status: ReviewStatus) {
  if (status === 'approved') return eq(stores.isApproved, true);
  if (status === 'declined') return and(eq(stores.declined, true), eq(stores.isApproved, false));
  return isPending;
}

export function reviewRepository(db: Executor) {
  return {
    /** Pending stores first, then oldest in the queue first. */
    async queue(filter: { status?: ReviewStatus | undefined; storeId?: number | undefined }, executor: Executor = db): Promise<QueueRow[]> {
      const conditions = [];
      if (filter.status) conditions.push(statusCondition(filter.status));
      if (filter.storeId !== undefined) conditions.push(eq(stores.id, filter.storeId));
      const rows = await executor
        .select({ store: stores, ownerEmail: users.email, queuedAt })
        .from(stores)
        .innerJoin(users, eq(users.id, stores.userId))
        .where(and(...conditions))
        .orderBy(sql`case when ${isPending} then 0 else 1 end`, asc(queuedAt), asc(stores.id));
      // Raw SQL fragments come back as the driver's value: a Date (node-postgres) or a string.
      return rows.map((row) => ({ ...row, queuedAt: new Date(row.queuedAt) }));
    },
    async couponsOf(storeIds: number[], executor: Executor = db): Promise<CouponWithStore[]> {
      if (storeIds.length === 0) return [];
      return executor
        .select({
          coupon: coupons,
          store: { id: stores.id, slug: stores.slug, name: stores.name, logoUrl: stores.logoUrl, websiteUrl: stores.websiteUrl },
        })
        .from(coupons)
        .innerJoin(stores, eq(stores.id, coupons.storeId))
        .where(inArray(coupons.storeId, storeIds))
        .orderBy(asc(coupons.sortNumber), asc(coupons.id));
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
          actorEmail: users.email,
        })
        .from(reviewActions)
        .leftJoin(users, eq(users.id, reviewActions.actorId))
        .where(inArray(reviewActions.storeId, storeIds))
        .orderBy(asc(reviewActions.createdAt), asc(reviewActions.id));
    },
    /** The store row, locked until the transaction ends. */
    async lockStore(storeId: number, executor: Executor): Promise<StoreRow | undefined> {
      const [row] = await executor.select().from(stores).where(eq(stores.id, storeId)).for('update');
      return row;
    },
    async record(
      action: { storeId: number; actorId: number; action: 'approve' | 'decline' | 'resubmit'; reason?: string; at: Date },
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
