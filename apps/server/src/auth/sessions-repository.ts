import { and, desc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../core/data/db';
import { sessions } from './schema';

export type SessionRow = typeof sessions.$inferSelect;

/** The longest User-Agent kept of a sign-in. */
export const USER_AGENT_MAX_LENGTH = 512;

export function sessionsRepository(db: Executor) {
  const liveById = db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(and(eq(sessions.id, sql.placeholder('id')), isNull(sessions.revokedAt)))
    .prepare('live_session_by_id');

  /** Ends the user's live sessions matching `which`; answers how many ended. */
  async function revokeWhere(
    userId: number,
    which: SQL | undefined,
    now: Date,
    executor: Executor,
  ) {
    const rows = await executor
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), which))
      .returning({ id: sessions.id });
    return rows.map((row) => row.id);
  }

  return {
    async insert(
      values: { id: string; userId: number; userAgent: string; at: Date },
      executor: Executor = db,
    ): Promise<void> {
      const { at, ...row } = values;
      await executor.insert(sessions).values({
        ...row,
        userAgent: row.userAgent.slice(0, USER_AGENT_MAX_LENGTH),
        lastUsedAt: at,
        createdAt: at,
      });
    },
    /** The owner of a live (not revoked) session, or undefined when it is revoked or gone. */
    async liveOwner(id: string): Promise<number | undefined> {
      const [row] = await liveById.execute({ id });
      return row?.userId;
    },
    /** Marks a live session used now (a token refresh); answers false when it is revoked or gone. */
    async touch(id: string, now: Date, executor: Executor = db): Promise<boolean> {
      const rows = await executor
        .update(sessions)
        .set({ lastUsedAt: now })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.length > 0;
    },
    /** The user's live sessions, the most recently used first. */
    async liveOf(userId: number): Promise<SessionRow[]> {
      return db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt), desc(sessions.id));
    },
    /** Ends one live session of the user; answers whether there was one. */
    revokeOne: async (
      userId: number,
      id: string,
      now: Date,
      executor: Executor = db,
    ): Promise<boolean> =>
      (await revokeWhere(userId, eq(sessions.id, id), now, executor)).length > 0,
    /** Ends every live session of the user but `keep`; answers the ended ids. */
    revokeOthers: (
      userId: number,
      keep: string,
      now: Date,
      executor: Executor = db,
    ): Promise<string[]> => revokeWhere(userId, ne(sessions.id, keep), now, executor),
    /** Ends every live session of the user; answers the ended ids. */
    revokeAll: (userId: number, now: Date, executor: Executor = db): Promise<string[]> =>
      revokeWhere(userId, undefined, now, executor),
  };
}
export type SessionsRepository = ReturnType<typeof sessionsRepository>;
