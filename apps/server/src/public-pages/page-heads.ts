import { boundedCache } from '../services/bounded-cache';
import { cacheGuard } from '../services/store-changes';
import type { PageHead } from './repository';

/** The group of "no store has this slug" entries, which any change to any store drops. */
const ABSENT = -1;

/**
 * Per-instance copy of each slug's page head (store id, content version, review
 * state, subscription), or of its absence, within a byte budget (least recently
 * used first out). Kept by watchStoreChanges (services/store-changes.ts): used
 * only while this instance is told of every change; a change to a store drops
 * its slugs and every "no such store" entry (a renamed slug may now exist).
 * Fills are ticketed (cacheGuard).
 */
export function pageHeadCache(budgetBytes: number) {
  const heads = boundedCache<string, { head: PageHead | undefined }>({
    budgetBytes,
    groupOf: (entry) => entry.head?.id ?? ABSENT,
  });
  const guard = cacheGuard(() => heads.clear());

  return {
    setEnabled: guard.setEnabled,
    clear: guard.clear,
    dropStore(storeId: number): void {
      guard.moved();
      heads.deleteGroup(storeId);
      heads.deleteGroup(ABSENT);
    },
    /**
     * What `lookup` answers, without counting a hit or a miss (the fast path of a request that may
     * look up again); a head used this way stays among the most recently used.
     */
    peek(slug: string): PageHead | undefined {
      return guard.enabled ? heads.touch(slug)?.head : undefined;
    },
    /** `{ head }` when known (head undefined: no store has this slug), undefined when it must be read. */
    lookup(slug: string): { head: PageHead | undefined } | undefined {
      if (guard.enabled) return heads.get(slug);
      heads.count(false);
      return undefined;
    },
    stats: heads.stats,
    ticket: guard.ticket,
    fill(ticket: number, slug: string, head: PageHead | undefined): void {
      if (guard.accepts(ticket)) heads.set(slug, { head });
    },
  };
}
