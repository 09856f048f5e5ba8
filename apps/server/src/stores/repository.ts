import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../core/data/db';
import { stores } from './schema';

export type StoreRow = typeof stores.$inferSelect;
export type NewStore = typeof stores.$inferInsert;

export function storesRepository(db: Executor) {
  const byOwner = db
    .select()
    .from(stores)
    .where(eq(stores.userId, sql.placeholder('userId')))
    .prepare('store_by_owner');

  return {
    async findById(id: number, executor: Executor = db): Promise<StoreRow | undefined> {
      const [row] = await executor.select().from(stores).where(eq(stores.id, id));
      return row;
    },
    async findByOwner(userId: number, executor: Executor = db): Promise<StoreRow | undefined> {
      const [row] =
        executor === db
          ? await byOwner.execute({ userId })
          : await executor.select().from(stores).where(eq(stores.userId, userId));
      return row;
    },
    /** The owner's store row, locked until the transaction ends. */
    async lockByOwner(
      userId: number,
      storeId: number,
      executor: Executor,
    ): Promise<StoreRow | undefined> {
      const [row] = await executor
        .select()
        .from(stores)
        .where(and(eq(stores.id, storeId), eq(stores.userId, userId)))
        .for('update');
      return row;
    },
    async slugTaken(
      slug: string,
      exceptId: number | undefined,
      executor: Executor = db,
    ): Promise<boolean> {
      const [row] = await executor
        .select({ id: stores.id })
        .from(stores)
        .where(
          exceptId === undefined
            ? eq(stores.slug, slug)
            : and(eq(stores.slug, slug), sql`${stores.id} <> ${exceptId}`),
        );
      return row !== undefined;
    },
    /** Inserts, or answers undefined when the slug or the owner already has a store. */
    async insert(store: NewStore, executor: Executor = db): Promise<StoreRow | undefined> {
      const [row] = await executor.insert(stores).values(store).onConflictDoNothing().returning();
      return row;
    },
    async update(
      id: number,
      values: Partial<NewStore>,
      executor: Executor = db,
    ): Promise<StoreRow | undefined> {
      const [row] = await executor.update(stores).set(values).where(eq(stores.id, id)).returning();
      return row;
    },
  };
}
export type StoresRepository = ReturnType<typeof storesRepository>;
