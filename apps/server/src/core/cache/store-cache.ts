import { boundedCache } from './bounded-cache';
import { cacheGuard, type StoreCache } from '../data/store-changes';

/** The group of entries that belong to no store, which a change to any store drops (one may now match). */
const NO_STORE = -1;

export type StoreKeyedCacheOptions<V> = {
  /** Bytes the entries may hold together (core/platform/cache-budgets.ts). */
  budgetBytes: number;
  /** The store an entry shows, or undefined for an entry about no store (an unknown slug, an owner without a store). */
  storeOf: (value: V) => number | undefined;
};

/**
 * A per-instance copy of store data, within a byte budget (least recently used first out),
 * kept by watchStoreChanges (store-changes.ts): used only while this instance is told of
 * every change; a change to a store drops that store's entries and every entry about no
 * store. A fill takes a ticket before its database read and is kept only when no change
 * came meanwhile (cacheGuard), so a read that may predate a commit is never kept.
 */
export function storeKeyedCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(
  options: StoreKeyedCacheOptions<V>,
) {
  const entries = boundedCache<K, V>({
    budgetBytes: options.budgetBytes,
    groupOf: (value) => options.storeOf(value) ?? NO_STORE,
  });
  const guard = cacheGuard(() => entries.clear());

  return {
    get enabled(): boolean {
      return guard.enabled;
    },
    /** Turned on when the listener is subscribed, off (and emptied) when it is lost or stopped. */
    setEnabled: guard.setEnabled,
    clear: guard.clear,
    dropStore: (storeId: number): void => {
      guard.moved();
      entries.deleteGroup(storeId);
      entries.deleteGroup(NO_STORE);
    },
    /** Forgets one entry (what it shows changed outside any store); fills that started before are not kept. */
    dropKey: (key: K): void => {
      guard.moved();
      entries.delete(key);
    },
    /** How many entries are held (for tests and diagnostics). */
    get size(): number {
      return entries.size;
    },
    stats: entries.stats,
    /** The held entry (a hit), or undefined (a miss: not held, or the cache is off). */
    lookup(key: K): V | undefined {
      if (guard.enabled) return entries.get(key);
      entries.count(false);
      return undefined;
    },
    /** `lookup` without counting a hit or a miss (a fast path that counts elsewhere); a held entry stays recent. */
    peek(key: K): V | undefined {
      return guard.enabled ? entries.touch(key) : undefined;
    },
    /** Taken before the database read that a later `fill` keeps. */
    ticket: guard.ticket,
    fill(ticket: number, key: K, value: V): void {
      if (guard.accepts(ticket)) entries.set(key, value);
    },
  } satisfies StoreCache & Record<string, unknown>;
}
