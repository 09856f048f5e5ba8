import type { ClientId } from '@cc/config';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../core/data/db';
import { users } from './schema';
import type { OwnedStore, OwnedStores } from './owned-store';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
/** A user and their store (if any), as one read finds them. */
export type UserWithStore = { user: UserRow; store: OwnedStore | null };

/** `ownedStores` (the stores feature's directory, owned-store.ts) for `findWithStore`, which reads the user with their store. */
export function usersRepository(db: Executor, ownedStores?: OwnedStores) {
  const byId = db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('user_by_id');

  const withStore =
    ownedStores &&
    db
      .select({ user: users, store: ownedStores.fields })
      .from(users)
      .leftJoin(ownedStores.directory, eq(ownedStores.ownerId, users.id))
      .where(eq(users.id, sql.placeholder('id')))
      .prepare('user_with_store');

  return {
    /** The user and their store (if any) in one round trip. */
    async findWithStore(id: number): Promise<UserWithStore | undefined> {
      if (!withStore) throw new Error('usersRepository: findWithStore needs the owned stores');
      const [row] = await withStore.execute({ id });
      // The store's columns are the stores feature's, typed by its OwnedStore augmentation.
      return row as UserWithStore | undefined;
    },
    async findById(id: number, executor: Executor = db): Promise<UserRow | undefined> {
      const [row] =
        executor === db
          ? await byId.execute({ id })
          : await executor.select().from(users).where(eq(users.id, id));
      return row;
    },
    async findByEmail(
      client: ClientId,
      email: string,
      executor: Executor = db,
    ): Promise<UserRow | undefined> {
      const [row] = await executor
        .select()
        .from(users)
        .where(and(eq(users.client, client), eq(users.email, email.toLowerCase())));
      return row;
    },
    /** Inserts, or answers undefined when (client, email) is taken. */
    async insert(user: NewUser, executor: Executor = db): Promise<UserRow | undefined> {
      const [row] = await executor
        .insert(users)
        .values({ ...user, email: user.email.toLowerCase() })
        .onConflictDoNothing({ target: [users.client, users.email] })
        .returning();
      return row;
    },
    /**
     * Takes the user's verification-mail turn, atomically: marks it sent now when none was
     * sent since `notBefore`; answers false when one was (two calls at once take one turn).
     */
    async claimVerificationMail(
      id: number,
      now: Date,
      notBefore: Date,
      executor: Executor = db,
    ): Promise<boolean> {
      const rows = await executor
        .update(users)
        .set({ verificationMailAt: now })
        .where(
          and(
            eq(users.id, id),
            or(isNull(users.verificationMailAt), lte(users.verificationMailAt, notBefore)),
          ),
        )
        .returning({ id: users.id });
      return rows.length > 0;
    },
    async update(id: number, values: Partial<NewUser>, executor: Executor = db): Promise<void> {
      await executor.update(users).set(values).where(eq(users.id, id));
    },
  };
}
export type UsersRepository = ReturnType<typeof usersRepository>;
