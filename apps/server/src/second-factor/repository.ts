import { and, count, eq, gt, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { Db, Executor } from '../core/data/db';
import { recoveryCodes, secondFactorChallenges, totpFactors } from './schema';

export type TotpFactorRow = typeof totpFactors.$inferSelect;
export type ChallengeRow = typeof secondFactorChallenges.$inferSelect;
export type ChallengePurpose = ChallengeRow['purpose'];

export function secondFactorRepository(db: Db) {
  return {
    /** The user's authenticator, confirmed or waiting; `lock` holds its row to the end of the transaction. */
    async factor(
      userId: number,
      executor: Executor = db,
      lock = false,
    ): Promise<TotpFactorRow | undefined> {
      const query = executor.select().from(totpFactors).where(eq(totpFactors.userId, userId));
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },
    /** A new set-up waiting for its first code, in place of any earlier one that was not confirmed. */
    async startSetup(
      userId: number,
      sealedSecret: string,
      now: Date,
      executor: Executor = db,
    ): Promise<boolean> {
      const rows = await executor
        .insert(totpFactors)
        .values({ userId, sealedSecret, createdAt: now })
        .onConflictDoUpdate({
          target: totpFactors.userId,
          set: {
            sealedSecret,
            createdAt: now,
            lastUsedStep: null,
            failedAttempts: 0,
            lockedUntil: null,
          },
          setWhere: isNull(totpFactors.confirmedAt),
        })
        .returning({ userId: totpFactors.userId });
      return rows.length > 0;
    },
    async update(
      userId: number,
      values: Partial<typeof totpFactors.$inferInsert>,
      executor: Executor = db,
    ): Promise<void> {
      await executor.update(totpFactors).set(values).where(eq(totpFactors.userId, userId));
    },
    /** Removes the authenticator and the recovery codes (and any challenge waiting); answers whether there was one. */
    async remove(userId: number, executor: Executor = db): Promise<boolean> {
      await executor.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      await executor
        .delete(secondFactorChallenges)
        .where(eq(secondFactorChallenges.userId, userId));
      const removed = await executor
        .delete(totpFactors)
        .where(eq(totpFactors.userId, userId))
        .returning({ userId: totpFactors.userId });
      return removed.length > 0;
    },

    /** Replaces the user's recovery codes with these (hashed). */
    async replaceRecoveryCodes(
      userId: number,
      hashes: string[],
      now: Date,
      executor: Executor = db,
    ): Promise<void> {
      await executor.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      await executor
        .insert(recoveryCodes)
        .values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
    },
    /** Marks an unused recovery code used; false when it is not one of the user's unused ones. */
    async useRecoveryCode(
      userId: number,
      codeHash: string,
      now: Date,
      executor: Executor = db,
    ): Promise<boolean> {
      const rows = await executor
        .update(recoveryCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(recoveryCodes.userId, userId),
            eq(recoveryCodes.codeHash, codeHash),
            isNull(recoveryCodes.usedAt),
          ),
        )
        .returning({ id: recoveryCodes.id });
      return rows.length > 0;
    },
    async recoveryCodesLeft(userId: number, executor: Executor = db): Promise<number> {
      const [row] = await executor
        .select({ left: count() })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
      return row?.left ?? 0;
    },

    /** Adds a challenge; the user's used and expired ones go at the same time, so only live ones are kept. */
    async insertChallenge(
      row: typeof secondFactorChallenges.$inferInsert,
      executor: Executor = db,
    ): Promise<void> {
      await executor
        .delete(secondFactorChallenges)
        .where(
          and(
            eq(secondFactorChallenges.userId, row.userId),
            or(
              isNotNull(secondFactorChallenges.usedAt),
              lte(secondFactorChallenges.expiresAt, row.createdAt),
            ),
          ),
        );
      await executor.insert(secondFactorChallenges).values(row);
    },
    /** A challenge not used and not expired at `now`. */
    async liveChallenge(
      tokenHash: string,
      now: Date,
      executor: Executor = db,
    ): Promise<ChallengeRow | undefined> {
      const [row] = await executor
        .select()
        .from(secondFactorChallenges)
        .where(
          and(
            eq(secondFactorChallenges.tokenHash, tokenHash),
            isNull(secondFactorChallenges.usedAt),
            gt(secondFactorChallenges.expiresAt, now),
          ),
        );
      return row;
    },
    /** Uses the challenge up; false when another call did first. */
    async useChallenge(id: number, now: Date, executor: Executor = db): Promise<boolean> {
      const rows = await executor
        .update(secondFactorChallenges)
        .set({ usedAt: now })
        .where(and(eq(secondFactorChallenges.id, id), isNull(secondFactorChallenges.usedAt)))
        .returning({ id: secondFactorChallenges.id });
      return rows.length > 0;
    },
  };
}
export type SecondFactorRepository = ReturnType<typeof secondFactorRepository>;
