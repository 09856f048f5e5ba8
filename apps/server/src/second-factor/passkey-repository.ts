import { and, asc, count, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Db, Executor } from '../core/data/db';
import { passkeyChallenges, passkeys } from './schema';

export type PasskeyRow = typeof passkeys.$inferSelect;
export type PasskeyChallengeRow = typeof passkeyChallenges.$inferSelect;
export type PasskeyPurpose = PasskeyChallengeRow['purpose'];

export function passkeyRepository(db: Db) {
  return {
    /** The user's passkeys, oldest first. */
    async list(userId: number, executor: Executor = db): Promise<PasskeyRow[]> {
      return executor
        .select()
        .from(passkeys)
        .where(eq(passkeys.userId, userId))
        .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
    },
    async countFor(userId: number, executor: Executor = db): Promise<number> {
      const [row] = await executor
        .select({ n: count() })
        .from(passkeys)
        .where(eq(passkeys.userId, userId));
      return row?.n ?? 0;
    },
    /** A passkey by the id the browser names it by, whoever's it is; `lock` holds its row. */
    async byCredentialId(
      credentialId: string,
      executor: Executor = db,
      lock = false,
    ): Promise<PasskeyRow | undefined> {
      const query = executor.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },
    /** Adds a passkey; undefined when its credential id is already someone's. */
    async insert(
      row: typeof passkeys.$inferInsert,
      executor: Executor = db,
    ): Promise<PasskeyRow | undefined> {
      const [added] = await executor
        .insert(passkeys)
        .values(row)
        .onConflictDoNothing({ target: passkeys.credentialId })
        .returning();
      return added;
    },
    /** Renames the user's own passkey; undefined when they have none by that id. */
    async rename(
      userId: number,
      id: number,
      name: string,
      executor: Executor = db,
    ): Promise<PasskeyRow | undefined> {
      const [row] = await executor
        .update(passkeys)
        .set({ name })
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
        .returning();
      return row;
    },
    /** Removes the user's own passkey; undefined when they have none by that id. */
    async remove(
      userId: number,
      id: number,
      executor: Executor = db,
    ): Promise<PasskeyRow | undefined> {
      const [row] = await executor
        .delete(passkeys)
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
        .returning();
      return row;
    },
    /** Removes every passkey of the user (a reset of their second factor); answers how many. */
    async removeAll(userId: number, executor: Executor = db): Promise<number> {
      const rows = await executor
        .delete(passkeys)
        .where(eq(passkeys.userId, userId))
        .returning({ id: passkeys.id });
      return rows.length;
    },
    /** A sign-in's new counter and its time. */
    async used(id: number, counter: number, now: Date, executor: Executor = db): Promise<void> {
      await executor.update(passkeys).set({ counter, lastUsedAt: now }).where(eq(passkeys.id, id));
    },

    /** Adds a challenge; expired ones (anyone's) go at the same time, so only live ones are kept. */
    async insertChallenge(
      row: typeof passkeyChallenges.$inferInsert,
      executor: Executor = db,
    ): Promise<void> {
      await executor
        .delete(passkeyChallenges)
        .where(lte(passkeyChallenges.expiresAt, row.createdAt));
      await executor.insert(passkeyChallenges).values(row);
    },
    /**
     * Uses up a live challenge of this purpose, once: the first call gets it, every later one
     * (a replay, another instance) gets undefined, as does an expired one.
     */
    async takeChallenge(
      challenge: string,
      purpose: PasskeyPurpose,
      now: Date,
      executor: Executor = db,
    ): Promise<PasskeyChallengeRow | undefined> {
      const [row] = await executor
        .update(passkeyChallenges)
        .set({ usedAt: now })
        .where(
          and(
            eq(passkeyChallenges.challenge, challenge),
            eq(passkeyChallenges.purpose, purpose),
            isNull(passkeyChallenges.usedAt),
            gt(passkeyChallenges.expiresAt, now),
          ),
        )
        .returning();
      return row;
    },
  };
}
export type PasskeyRepository = ReturnType<typeof passkeyRepository>;
