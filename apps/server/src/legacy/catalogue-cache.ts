import type { CouponWithStore } from '../repositories/coupons';
import { boundedCache } from '../services/bounded-cache';
import { cacheGuard, type StoreCache } from '../services/store-changes';
import type { StoreWithSubscription } from './repository';

/** A brand's approved stores (A to Z) and each one's current coupons on one day. */
export type CatalogueSnapshot = {
  stores: StoreWithSubscription[];
  coupons: ReadonlyMap<number, CouponWithStore[]>;
};

/**
 * This instance's copy of each brand's catalogue snapshot for today, within a byte
 * budget: at most one entry per brand and day, a day's entries go when the next day's
 * arrive, and a snapshot larger than the budget is not kept (every call then reads the
 * database). Only a copy (see store-changes.ts): used while this instance hears every
 * store_changed notification, and emptied by any of them, since a change to one store
 * (approved, paid, renamed) can move it into or out of every list.
 * Liveness is decided per request from the snapshot, so a grace period ends on time.
 */
export function catalogueCache(budgetBytes: number) {
  const entries = boundedCache<string, CatalogueSnapshot>({ budgetBytes });
  const guard = cacheGuard(() => entries.clear());
  const key = (client: number, day: string) => `${client}:${day}`;

  const cache = {
    dropStore: () => guard.clear(),
    clear: guard.clear,
    setEnabled: guard.setEnabled,
    lookup(client: number, day: string): CatalogueSnapshot | undefined {
      if (guard.enabled) return entries.get(key(client, day));
      entries.count(false);
      return undefined;
    },
    /** Taken before the database reads that a later `fill` stores. */
    ticket: guard.ticket,
    fill(ticket: number, client: number, day: string, snapshot: CatalogueSnapshot): void {
      if (!guard.accepts(ticket)) return;
      for (const known of entries.keys()) if (!known.endsWith(`:${day}`)) entries.delete(known);
      entries.set(key(client, day), snapshot);
    },
    get size(): number {
      return entries.size;
    },
    stats: entries.stats,
  } satisfies StoreCache & Record<string, unknown>;
  return cache;
}
export type CatalogueCache = ReturnType<typeof catalogueCache>;
