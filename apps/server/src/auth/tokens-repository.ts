import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../core/db';
import { emailTokens, refreshTokens } from './schema';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type EmailTokenPurpose = (typeof emailTokens.$inferInsert)['purpose'];

export function tokensRepository(db: Executor) {
  return {
    async insertRefresh(
      values: { userId: number; familyId: string; tokenHash: string; expiresAt: Date; createdAt: Date },
      executor: Executor = db,
    ): Promise<void> {
      await executor.insert(refreshTokens).values(values);
    },
    /** Marks an unused, unrevoked token used, atomically; answers it, or undefined when it was not usable. */
    async useRefresh(tokenHash: string, now: Date, executor: Executor = db): Promise<RefreshTokenRow | undefined> {
      const [row] = await executor
        .update(refreshTokens)
        .set({ usedAt: now })
        .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
        .returning();
      return row;
    },
    async findRefresh(tokenHash: string, executor: Executor = db): Promise<RefreshTokenRow | undefined> {
      const [row] = await executor.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
      return row;
    },
    async revokeFamily(familyId: string, now: Date, executor: Executor = db): Promise<void> {
      await executor
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    },
    async revokeAllForUser(userId: number, now: Date, executor: Executor = db): Promise<void> {
      await executor
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
    },
    async insertEmailToken(
      values: { userId: number; purpose: EmailTokenPurpose; tokenHash: string; expiresAt: Date; createdAt: Date },
      executor: Executor = db,
    ): Promise<void> {
      await executor.insert(emailTokens).values(values);
    },
    /** Marks every unused token of the user and purpose used, so none of them works any more. */
    async retireEmailTokens(userId: number, purpose: EmailTokenPurpose, now: Date, executor: Executor = db): Promise<void> {
      await executor
        .update(emailTokens)
        .set({ usedAt: now })
        .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
    },
    /** Uses a live token of the purpose once; answers its user id, or undefined. */
    async consumeEmailToken(
      tokenHash: string,
      purpose: EmailTokenPurpose,
      now: Date,
      executor: Executor = db,
    ): Promise<number | undefined> {
      const [row] = await executor
        .update(emailTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailTokens.tokenHash, tokenHash),
            eq(emailTokens.purpose, purpose),
            isNull(emailTokens.usedAt),
            gt(emailTokens.expiresAt, now),
          ),
        )
        .returning({ userId: emailTokens.userId });
      return row?.userId;
    },
  };
}
export type TokensRepository = ReturnType<typeof tokensRepository>;
