import { randomUUID } from 'node:crypto';
import type { AccountSession } from '@cc/contract';
import type { Executor } from '../core/data/db';
import type { Caller, CoreDeps } from '../core/data/deps';
import { NotFound } from '../core/http/errors';
import type { SessionCache } from './session-cache';
import { sessionsRepository } from './sessions-repository';
import { describeUserAgent } from './user-agent';

export type SessionsDeps = Pick<CoreDeps, 'db' | 'clock'> & {
  /** This instance's copy of the sessions found live (session-cache.ts). */
  cache: SessionCache;
};

/**
 * Signed-in sessions: one per sign-in (its refresh-token family), named in every access
 * token as `sid`. A revoked session's tokens stop working at their next call, on every
 * instance (the sessions trigger notifies `u<user id>`; this instance forgets at once).
 */
export function sessionsService(deps: SessionsDeps) {
  const { db, clock, cache } = deps;
  const repo = sessionsRepository(db);

  return {
    /** Starts a session for a sign-in; answers its id (the refresh-token family's). */
    async start(userId: number, userAgent: string, executor: Executor = db): Promise<string> {
      const id = randomUUID();
      await repo.insert({ id, userId, userAgent, at: clock.now() }, executor);
      return id;
    },
    /** Marks the session used now (a refresh); false when it was revoked or is gone. */
    touch: (id: string, executor: Executor = db): Promise<boolean> =>
      repo.touch(id, clock.now(), executor),
    /** Whether the session is live and the user's: one held answer, else one read of its row. */
    async isLive(sessionId: string, userId: number): Promise<boolean> {
      return (await cache.liveOwner(sessionId, () => repo.liveOwner(sessionId))) === userId;
    },
    /** Forgets what this instance holds of the user's sessions (after a commit that ended some). */
    forgetUser: (userId: number): void => cache.dropUser(userId),

    /** The caller's live sessions, the most recently used first, the caller's own marked current. */
    async list(caller: Caller): Promise<AccountSession[]> {
      const rows = await repo.liveOf(caller.userId);
      return rows.map((row) => ({
        id: row.id,
        created_at: row.createdAt.toISOString(),
        last_used_at: row.lastUsedAt.toISOString(),
        ...describeUserAgent(row.userAgent),
        current: row.id === caller.sessionId,
      }));
    },
    /** Ends one of the caller's live sessions (their current one too); any other id is 404. */
    async end(caller: Caller, id: string): Promise<void> {
      const ended = await repo.revokeOne(caller.userId, id, clock.now());
      if (!ended) throw new NotFound();
      cache.dropUser(caller.userId);
    },
    /** Ends every live session of the caller but the current one; answers how many ended. */
    async endOthers(caller: Caller, executor?: Executor): Promise<number> {
      const ended = await repo.revokeOthers(caller.userId, caller.sessionId, clock.now(), executor);
      if (executor === undefined) cache.dropUser(caller.userId);
      return ended.length;
    },
    /**
     * Ends every live session of the user. In a transaction (`executor`), the caller forgets
     * the user (`forgetUser`) once it commits.
     */
    async endAll(userId: number, executor?: Executor): Promise<number> {
      const ended = await repo.revokeAll(userId, clock.now(), executor);
      if (executor === undefined) cache.dropUser(userId);
      return ended.length;
    },
    /** Ends one session by id, whoever's it is (a sign-out holding its refresh token). */
    async endById(userId: number, id: string): Promise<void> {
      await repo.revokeOne(userId, id, clock.now());
      cache.dropUser(userId);
    },
  };
}
export type SessionsService = ReturnType<typeof sessionsService>;
