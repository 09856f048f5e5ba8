import type { Coupon } from '@cc/contract';
import type { Database, Subscription } from '../db/client';

/** The channel migration 0003's triggers notify, with the store id, on any change to a store or its coupons. */
export const STORE_CHANGED = 'store_changed';

const MAX_ENTRIES = 10_000;
const RETRY_MS = { first: 250, max: 10_000 };

export type OwnedStore = { storeId: number; slug: string };

/**
 * Per-instance copy of each merchant's coupon list (owner -> store, and store +
 * include_scheduled + today -> wire coupons). It is only ever a copy: it is used
 * while this instance LISTENs on `store_changed`, a notification drops that
 * store's entries, and a lost listener clears and disables it until
 * re-subscribed, so no entry outlives a change this instance has been told of.
 *
 * A fill takes a ticket before reading the database and is kept only if no
 * invalidation happened meanwhile: a read that may predate a commit whose
 * notification has already arrived is never stored.
 */
export function couponListCache() {
  const owners = new Map<number, OwnedStore>();
  const lists = new Map<string, { storeId: number; items: Coupon[] }>();
  let enabled = false;
  let epoch = 0;

  const listKey = (storeId: number, includeScheduled: boolean, today: string) =>
    `${storeId}:${includeScheduled ? 1 : 0}:${today}`;

  function clear(): void {
    epoch += 1;
    owners.clear();
    lists.clear();
  }

  return {
    get enabled(): boolean {
      return enabled;
    },
    /** Turned on when the listener is subscribed, off (and emptied) when it is lost or stopped. */
    setEnabled(on: boolean): void {
      clear();
      enabled = on;
    },
    clear,
    /** How many lists are held (for tests and diagnostics). */
    get size(): number {
      return lists.size;
    },
    /** Drops everything cached for one store (its lists and every owner pointing at it). */
    dropStore(storeId: number): void {
      epoch += 1;
      for (const [key, entry] of lists) if (entry.storeId === storeId) lists.delete(key);
      for (const [owner, owned] of owners) if (owned.storeId === storeId) owners.delete(owner);
    },
    /** The cached list for this owner, or undefined (cache off, or not cached). */
    lookup(ownerId: number, includeScheduled: boolean, today: string): { store: OwnedStore; items: Coupon[] } | undefined {
      if (!enabled) return undefined;
      const store = owners.get(ownerId);
      if (!store) return undefined;
      const entry = lists.get(listKey(store.storeId, includeScheduled, today));
      return entry ? { store, items: entry.items } : undefined;
    },
    /** Taken before the database read that a later `fill` stores. */
    ticket(): number {
      return epoch;
    },
    fill(ticket: number, ownerId: number, store: OwnedStore, includeScheduled: boolean, today: string, items: Coupon[]): void {
      if (!enabled || ticket !== epoch) return;
      if (lists.size >= MAX_ENTRIES || owners.size >= MAX_ENTRIES) clear();
      owners.set(ownerId, store);
      lists.set(listKey(store.storeId, includeScheduled, today), { storeId: store.storeId, items });
    },
  };
}
export type CouponListCache = ReturnType<typeof couponListCache>;

/**
 * Keeps `cache` subscribed to `store_changed`: enabled while the LISTEN holds,
 * cleared and disabled when it drops, re-subscribed with backoff.
 */
export function watchStoreChanges(
  database: Pick<Database, 'listen'>,
  cache: CouponListCache,
  onError: (error: unknown) => void = () => undefined,
): { ready: Promise<void>; stop: () => Promise<void> } {
  let subscription: Subscription | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let delay = RETRY_MS.first;

  const onNotify = (payload: string) => {
    const storeId = Number(payload);
    if (Number.isSafeInteger(storeId)) cache.dropStore(storeId);
    else cache.clear();
  };

  async function subscribe(): Promise<void> {
    if (stopped) return;
    try {
      const next = await database.listen(STORE_CHANGED, {
        onNotify,
        onDown: (error) => {
          cache.setEnabled(false);
          subscription = undefined;
          if (error) onError(error);
          retry();
        },
      });
      if (stopped) {
        await next.close();
        return;
      }
      subscription = next;
      delay = RETRY_MS.first;
      cache.setEnabled(true);
    } catch (error) {
      onError(error);
      retry();
    }
  }

  function retry(): void {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void subscribe();
    }, delay);
    timer.unref();
    delay = Math.min(delay * 2, RETRY_MS.max);
  }

  return {
    ready: subscribe(),
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      cache.setEnabled(false);
      await subscription?.close().catch(() => undefined);
      subscription = undefined;
    },
  };
}
