import { boundedCache } from '../core/cache/bounded-cache';
import { cacheGuard, type StoreCache } from '../core/data/store-changes';

/** An entry's bytes: the key (a UUID), the owner's id and the map's own share. */
const ENTRY_BYTES = 2 * 36 + 16 + 96;

/**
 * Per-instance copy of the sessions this instance found live (session id to its user),
 * within a byte budget (least recently used first out), so a signed-in call checks its
 * session without a read. Forgotten per user when store_changed names them (`u<id>`: the
 * sessions trigger of migration 0017 announces every revocation and deletion), and kept
 * only while this instance hears every change: with the listener down it holds nothing and
 * every check reads the row. A revoked or unknown session is never held.
 */
export function sessionCache(budgetBytes: number) {
  const entries = boundedCache<string, number>({
    budgetBytes,
    sizeOf: () => ENTRY_BYTES,
    groupOf: (userId) => userId,
  });
  const guard = cacheGuard(() => entries.clear());

  function dropUser(userId: number): void {
    guard.moved();
    entries.deleteGroup(userId);
  }

  return {
    setEnabled: guard.setEnabled,
    clear: guard.clear,
    // Sessions belong to users, not stores: a store's change leaves them be.
    dropStore: (_storeId: number): void => undefined,
    dropUser,
    stats: entries.stats,
    /** The session's user when the session is live: held, or read now by `read` (and held when no change came meanwhile). */
    async liveOwner(
      sessionId: string,
      read: () => Promise<number | undefined>,
    ): Promise<number | undefined> {
      if (guard.enabled) {
        const held = entries.get(sessionId);
        if (held !== undefined) return held;
      } else {
        entries.count(false);
      }
      const ticket = guard.ticket();
      const userId = await read();
      if (userId !== undefined && guard.accepts(ticket)) entries.set(sessionId, userId);
      return userId;
    },
  } satisfies StoreCache & Record<string, unknown>;
}
export type SessionCache = ReturnType<typeof sessionCache>;
