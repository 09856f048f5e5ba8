import { and, asc, count, eq, getTableColumns, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../core/data/db';
import { storeDirectory } from '../stores/read-model';
import { coupons } from './schema';
import { couponStoreFields } from './read-model';

export type CouponRow = Omit<typeof coupons.$inferSelect, 'createdAt'>;
export type NewCoupon = typeof coupons.$inferInsert;
export type CouponStore = {
  id: number;
  slug: string;
  name: string;
  logoUrl: string;
  websiteUrl: string;
};
export type CouponWithStore = { coupon: CouponRow; store: CouponStore };

export type CouponFilter = {
  ownerId: number;
  storeSlug?: string | undefined;
  couponId?: number | undefined;
  /** yyyy-MM-dd; coupons starting after it are left out. Undefined includes scheduled coupons. */
  startedBy?: string | undefined;
};

// Every column the wire needs; created_at is left out (nothing shows it).
const { createdAt: _createdAt, ...wireColumns } = getTableColumns(coupons);

export function couponsRepository(db: Executor) {
  // The hot reads as prepared statements: built once, planned once per connection.
  const listQuery = () =>
    db
      .select({ coupon: wireColumns, store: couponStoreFields })
      .from(coupons)
      .innerJoin(storeDirectory, eq(storeDirectory.id, coupons.storeId))
      .orderBy(asc(coupons.sortNumber), asc(coupons.id));
  const ownerId = sql.placeholder('ownerId');
  const byOwner = listQuery().where(eq(storeDirectory.userId, ownerId)).prepare('coupons_by_owner');
  const startedByOwner = listQuery()
    .where(
      and(
        eq(storeDirectory.userId, ownerId),
        or(isNull(coupons.startDate), lte(coupons.startDate, sql.placeholder('startedBy'))),
      ),
    )
    .prepare('coupons_started_by_owner');
  const oneOfOwner = listQuery()
    .where(and(eq(storeDirectory.userId, ownerId), eq(coupons.id, sql.placeholder('couponId'))))
    .prepare('coupon_of_owner');

  return {
    /** The owner's coupons in sort order, scheduled ones too unless `startedBy` is given. */
    async listForOwner(owner: number, startedBy?: string): Promise<CouponWithStore[]> {
      return startedBy === undefined
        ? byOwner.execute({ ownerId: owner })
        : startedByOwner.execute({ ownerId: owner, startedBy });
    },
    async findForOwner(owner: number, couponId: number): Promise<CouponWithStore | undefined> {
      const [row] = await oneOfOwner.execute({ ownerId: owner, couponId });
      return row;
    },
    /** The owner's coupons in sort order (a store holds at most 10). */
    async list(filter: CouponFilter, executor: Executor = db): Promise<CouponWithStore[]> {
      const conditions = [eq(storeDirectory.userId, filter.ownerId)];
      if (filter.storeSlug !== undefined)
        conditions.push(eq(storeDirectory.slug, filter.storeSlug));
      if (filter.couponId !== undefined) conditions.push(eq(coupons.id, filter.couponId));
      if (filter.startedBy !== undefined) {
        const started = or(isNull(coupons.startDate), lte(coupons.startDate, filter.startedBy));
        if (started) conditions.push(started);
      }
      return executor
        .select({ coupon: wireColumns, store: couponStoreFields })
        .from(coupons)
        .innerJoin(storeDirectory, eq(storeDirectory.id, coupons.storeId))
        .where(and(...conditions))
        .orderBy(asc(coupons.sortNumber), asc(coupons.id));
    },
    async countForStore(storeId: number, executor: Executor = db): Promise<number> {
      const [row] = await executor
        .select({ n: count() })
        .from(coupons)
        .where(eq(coupons.storeId, storeId));
      return row?.n ?? 0;
    },
    async maxSortNumber(storeId: number, executor: Executor = db): Promise<number> {
      const rows = await executor
        .select({ sortNumber: coupons.sortNumber })
        .from(coupons)
        .where(eq(coupons.storeId, storeId));
      return rows.reduce((max, row) => Math.max(max, row.sortNumber), 0);
    },
    async insert(coupon: NewCoupon, executor: Executor = db): Promise<CouponRow> {
      const [row] = await executor.insert(coupons).values(coupon).returning();
      if (!row) throw new Error('Coupon insert returned no row');
      return row;
    },
    async update(id: number, values: Partial<NewCoupon>, executor: Executor = db): Promise<void> {
      await executor.update(coupons).set(values).where(eq(coupons.id, id));
    },
    async delete(id: number, executor: Executor = db): Promise<void> {
      await executor.delete(coupons).where(eq(coupons.id, id));
    },
    /** Ids among `ids` that belong to the store. */
    async idsInStore(
      storeId: number,
      ids: number[],
      executor: Executor = db,
    ): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await executor
        .select({ id: coupons.id })
        .from(coupons)
        .where(and(eq(coupons.storeId, storeId), inArray(coupons.id, ids)));
      return new Set(rows.map((row) => row.id));
    },
  };
}
export type CouponsRepository = ReturnType<typeof couponsRepository>;
