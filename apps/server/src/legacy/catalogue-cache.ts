import type { ClientId } from '@cc/config';
import type { CouponWithStore } from '../coupons/types';
import { boundedCache } from '../core/cache/bounded-cache';
import { cacheGuard, type StoreCache } from '../core/data/store-changes';
import type { StoreName, StoreWithSubscription } from './repository';

/** A brand's approved stores (A to Z) and each one's current coupons on one day. */
export type CatalogueSnapshot = {
  stores: StoreWithSubscription[];
  coupons: ReadonlyMap<number, CouponWithStore[]>;
};

/**
 * This instance's copy of each brand's catalogue snapshot for today, and of its approved
 * stores' names A to Z (what the merchant lists page by), within a byte budget: at most
 * one of each per brand and day, a day's entries go when the next day's arrive, and an
 * entry larger than the budget is not kept (every call then reads the database). Only a copy (see store-changes.ts): used while this instance hears every
 * store_changed notification, and emptied by any of them, since a change to one store
 * (approved, paid, renamed) can move it into or out of every list.
 * Liveness is decided per request from the snapshot, so a grace period ends on time.
 */
export function catalogueCache(budgetBytes: number) {
  const entries = boundedCache<string, CatalogueSnapshot | StoreName[]>({ budgetBytes });
  const guard = cacheGuard(() => entries.clear());
  const key = (client: ClientId, day: string) => `${client}:${day}`;
  const namesKey = (client: ClientId, day: string) => `names:${client}:${day}`;
  function get(entryKey: string) {
    if (guard.enabled) return entries.get(entryKey);
    entries.count(false);
    return undefined;
  }
  function put(
    ticket: number,
    entryKey: string,
    day: string,
    value: CatalogueSnapshot | StoreName[],
  ) {
    if (!guard.accepts(ticket)) return;
    for (const known of entries.keys()) if (!known.endsWith(`:${day}`)) entries.delete(known);
    entries.set(entryKey, value);
  }

  const cache = {
    dropStore: () => guard.clear(),
    clear: guard.clear,
    setEnabled: guard.setEnabled,
    lookup(client: ClientId, day: string): CatalogueSnapshot | undefined {
      const found = get(key(client, day));
      return Array.isArray(found) ? undefined : found;
    },
    lookupNames(client: ClientId, day: string): StoreName[] | undefined {
      const found = get(namesKey(client, day));
      return Array.isArray(found) ? found : undefined;
    },
    /** Taken before the database reads that a later `fill` or `fillNames` stores. */
    ticket: guard.ticket,
    /** Whether no store changed since the ticket (what was read after it is still current). */
    current: guard.accepts,
    fill(ticket: number, client: ClientId, day: string, snapshot: CatalogueSnapshot): void {
      put(ticket, key(client, day), day, snapshot);
    },
    fillNames(ticket: number, client: ClientId, day: string, names: StoreName[]): void {
      put(ticket, namesKey(client, day), day, names);
    },
    get size(): number {
      return entries.size;
    },
    stats: entries.stats,
  } satisfies StoreCache & Record<string, unknown>;
  return cache;
}
export type CatalogueCache = ReturnType<typeof catalogueCache>;
