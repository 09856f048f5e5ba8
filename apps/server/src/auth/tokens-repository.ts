import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../core/data/db';
import { emailTokens, refreshTokens } from './schema';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type EmailTokenPurpose = (typeof emailTokens.$inferInsert)['purpose'];

export function tokensRepository(db: Executor) {
  /** Uses a live link token of the purpose once; answers its user and the address it carries, or undefined. */
  async function consumeLink(
    tokenHash: string,
    purpose: EmailTokenPurpose,
    now: Date,
    executor: Executor,
  ): Promise<{ userId: number; email: string } | undefined> {
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
      .returning({ userId: emailTokens.userId, email: emailTokens.email });
    return row;
  }

  return {
    async insertRefresh(
      values: {
        userId: number;
        familyId: string;
        tokenHash: string;
        expiresAt: Date;
        createdAt: Date;
      },
      executor: Executor = db,
    ): Promise<void> {
      await executor.insert(refreshTokens).values(values);
    },
    /** Marks an unused, unrevoked token used, atomically; answers it, or undefined when it was not usable. */
    async useRefresh(
      tokenHash: string,
      now: Date,
      executor: Executor = db,
    ): Promise<RefreshTokenRow | undefined> {
      const [row] = await executor
        .update(refreshTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(refreshTokens.tokenHash, tokenHash),
            isNull(refreshTokens.usedAt),
            isNull(refreshTokens.revokedAt),
          ),
        )
        .returning();
      return row;
    },
    async findRefresh(
      tokenHash: string,
      executor: Executor = db,
    ): Promise<RefreshTokenRow | undefined> {
      const [row] = await executor
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash));
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
      values: {
        userId: number;
        purpose: EmailTokenPurpose;
        tokenHash: string;
        expiresAt: Date;
        createdAt: Date;
        email?: string;
      },
      executor: Executor = db,
    ): Promise<void> {
      await executor.insert(emailTokens).values(values);
    },
    /** Marks every unused token of the user and purpose(s) used, so none of them works any more. */
    async retireEmailTokens(
      userId: number,
      purpose: EmailTokenPurpose | EmailTokenPurpose[],
      now: Date,
      executor: Executor = db,
    ): Promise<void> {
      const purposes = Array.isArray(purpose) ? purpose : [purpose];
      await executor
        .update(emailTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailTokens.userId, userId),
            inArray(emailTokens.purpose, purposes),
            isNull(emailTokens.usedAt),
          ),
        );
    },
    /** The address of the user's newest live token of the purpose (a change_email link not yet followed), or undefined. */
    async latestLiveEmail(
      userId: number,
      purpose: EmailTokenPurpose,
      now: Date,
    ): Promise<string | undefined> {
      const [row] = await db
        .select({ email: emailTokens.email })
        .from(emailTokens)
        .where(
          and(
            eq(emailTokens.userId, userId),
            eq(emailTokens.purpose, purpose),
            isNull(emailTokens.usedAt),
            gt(emailTokens.expiresAt, now),
          ),
        )
        .orderBy(desc(emailTokens.createdAt), desc(emailTokens.id))
        .limit(1);
      return row?.email;
    },
    consumeLink,
    /** Uses a live token of the purpose once; answers its user id, or undefined. */
    async consumeEmailToken(
      tokenHash: string,
      purpose: EmailTokenPurpose,
      now: Date,
      executor: Executor = db,
    ): Promise<number | undefined> {
      return (await consumeLink(tokenHash, purpose, now, executor))?.userId;
    },
  };
}
export type TokensRepository = ReturnType<typeof tokensRepository>;
