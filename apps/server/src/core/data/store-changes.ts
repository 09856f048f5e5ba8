import type { Database, Subscription } from './db';

/**
 * The channel the migrations' triggers notify, with the store id, on any change
 * to a store, its coupons, its subscription or its transactions (0003, 0004, 0013),
 * with `u` and the user id on any change to a user (0015), and with `d` or `c` and the
 * store id on a change to what only the store's owner reads: their details (billing
 * details, cards, mail preferences) or their counts (views, reveals, clicks, answers) (0016).
 */
export const STORE_CHANGED = 'store_changed';

/** What a notification names: a store, a user, a store's owner data, or (unreadable) nothing known. */
type Change = { store: number } | { user: number } | { ownerData: number } | undefined;

const PREFIXED_PAYLOAD = /^([ucd])(\d+)$/;

function changeOf(payload: string): Change {
  const prefixed = PREFIXED_PAYLOAD.exec(payload);
  const id = Number(prefixed ? prefixed[2] : payload);
  if (payload === '' || !Number.isSafeInteger(id)) return undefined;
  if (!prefixed) return { store: id };
  return prefixed[1] === 'u' ? { user: id } : { ownerData: id };
}

const RETRY_MS = { first: 250, max: 10_000 };

/** A per-instance copy of store data that must forget a store as soon as it changes. */
export type StoreCache = {
  /** Forgets what is held for one store. */
  dropStore: (storeId: number) => void;
  /** Forgets what is held for one user; a cache that holds no user's own row leaves it out and ignores user changes. */
  dropUser?: (userId: number) => void;
  /**
   * Forgets what is held of one store's owner data (details, counts); a cache that holds
   * none leaves it out and ignores those changes.
   */
  dropOwnerData?: (storeId: number) => void;
  /** Forgets everything. */
  clear: () => void;
  /**
   * A write went through this instance (`StoreChanges.wrote`); by default `clear`. A cache that
   * may follow such a write at its notification, a moment later, does less.
   */
  wroteHere?: () => void;
  /** On while this instance is told of every change (emptied both ways); off, it holds nothing. */
  setEnabled: (on: boolean) => void;
};

/**
 * What every store cache shares: on only while the listener holds, and an
 * epoch that each forgetting moves on. A fill takes a ticket before its
 * database read and is kept only if the epoch has not moved meanwhile, so a
 * read that may predate a commit whose notification has already arrived is
 * never stored.
 */
export function cacheGuard(forgetAll: () => void) {
  let enabled = false;
  let epoch = 0;
  function clear(): void {
    epoch += 1;
    forgetAll();
  }
  return {
    get enabled(): boolean {
      return enabled;
    },
    clear,
    setEnabled: (on: boolean): void => {
      clear();
      enabled = on;
    },
    /** Marks a partial forgetting (one store, one user): fills that started before it are not kept. */
    moved: (): void => {
      epoch += 1;
    },
    ticket: (): number => epoch,
    accepts: (ticket: number): boolean => enabled && ticket === epoch,
  };
}

export type StoreChanges = {
  /** Settles once the first subscription attempt is done (subscribed or retrying). */
  ready: Promise<void>;
  /** Adds a cache: from now on it follows the listener and every notification. */
  add: (cache: StoreCache) => void;
  /** A write went through this instance: every cache forgets everything, before any notification arrives. */
  wrote: () => void;
  /**
   * This instance committed a change to one store: every cache forgets the store now, as its
   * notification will, so a read later in the same request sees the change.
   */
  changed: (storeId: number) => void;
  /** Whether the LISTEN holds now (readiness: a lost one is re-subscribed with backoff). */
  readonly listening: boolean;
  stop: () => Promise<void>;
};

/**
 * One LISTEN on `store_changed` per instance, shared by every cache of store
 * data: a notification drops that store from each, a user's (`u<id>`) drops that
 * user from the caches that hold users, a store's owner data (`d<id>`, `c<id>`) drops
 * it from the caches that hold owner data, and one that cannot be read empties them
 * all; a lost listener clears and disables them all until it is re-subscribed
 * (with backoff).
 */
export function watchStoreChanges(
  database: Pick<Database, 'listen'>,
  onError: (error: unknown) => void = () => undefined,
): StoreChanges {
  const caches = new Set<StoreCache>();
  let enabled = false;
  let subscription: Subscription | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let delay = RETRY_MS.first;

  function setEnabled(on: boolean): void {
    enabled = on;
    for (const cache of caches) cache.setEnabled(on);
  }

  const onNotify = (payload: string) => {
    const change = changeOf(payload);
    for (const cache of caches) {
      if (change === undefined) cache.clear();
      else if ('store' in change) cache.dropStore(change.store);
      else if ('user' in change) cache.dropUser?.(change.user);
      else cache.dropOwnerData?.(change.ownerData);
    }
  };

  async function subscribe(): Promise<void> {
    if (stopped) return;
    try {
      const next = await database.listen(STORE_CHANGED, {
        onNotify,
        onDown: (error) => {
          setEnabled(false);
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
      setEnabled(true);
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
    add(cache) {
      caches.add(cache);
      cache.setEnabled(enabled);
    },
    wrote() {
      for (const cache of caches) {
        if (cache.wroteHere) cache.wroteHere();
        else cache.clear();
      }
    },
    changed(storeId) {
      onNotify(String(storeId));
    },
    get listening() {
      return enabled;
    },
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      setEnabled(false);
      await subscription?.close().catch(() => undefined);
      subscription = undefined;
    },
  };
}
