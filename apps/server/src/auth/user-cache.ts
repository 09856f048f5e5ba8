import { storeKeyedCache } from '../core/cache/store-cache';
import type { UserWithStore } from './repository';

/** What is held of a user: their row without the password hash, which /auth/me/ never shows. */
export type SignedInUser = {
  user: Omit<UserWithStore['user'], 'passwordHash'>;
  store: UserWithStore['store'];
};

/**
 * Per-instance copy of each signed-in user with their store (what /auth/me/ shows beside
 * billing), within a byte budget (core/cache/store-cache.ts): looked up by user, forgotten when
 * store_changed names their store or (`u<id>`, migration 0015) the user themself; a user
 * without a store is forgotten at any store's change, which may be their new one. A user
 * not found is never held.
 */
export function signedInUserCache(budgetBytes: number) {
  const users = storeKeyedCache<number, SignedInUser>({
    budgetBytes,
    storeOf: (found) => found.store?.id,
  });
  return {
    setEnabled: users.setEnabled,
    clear: users.clear,
    dropStore: users.dropStore,
    dropUser: users.dropKey,
    stats: users.stats,
    /** The user with their store: held, or read now by `read` (and held when no change came meanwhile). */
    async userWithStore(
      userId: number,
      read: () => Promise<UserWithStore | undefined>,
    ): Promise<SignedInUser | undefined> {
      const held = users.lookup(userId);
      if (held) return held;
      const ticket = users.ticket();
      const found = await read();
      if (!found) return undefined;
      const { passwordHash: _secret, ...user } = found.user;
      const signedIn = { user, store: found.store };
      users.fill(ticket, userId, signedIn);
      return signedIn;
    },
  };
}
export type SignedInUserCache = ReturnType<typeof signedInUserCache>;
