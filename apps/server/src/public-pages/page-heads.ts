import { cacheGuard, type CacheStats } from '../services/store-changes';
import type { PageHead } from './repository';

const MAX_ENTRIES = 10_000;

/**
 * Per-instance copy of each slug's page head (store id, content version,
 * review state, subscription), or of its absence. Kept by watchStoreChanges
 * (services/store-changes.ts): used only while this instance is told of every
 * change; a change to a store drops its slugs and every "no such store" entry
 * (a renamed slug may now exist).
 * Fills are ticketed (cacheGuard).
 */
export function pageHeadCache() {
  const heads = new Map<string, PageHead | undefined>();
  const guard = cacheGuard(() => heads.clear());
  const counts = { hits: 0, misses: 0 };

  return {
    setEnabled: guard.setEnabled,
    clear: guard.clear,
    dropStore(storeId: number): void {
      guard.moved();
      for (const [slug, head] of heads) if (!head || head.id === storeId) heads.delete(slug);
    },
    /** What `lookup` answers, without counting a hit or a miss (the fast path of a request that may look up again). */
    peek(slug: string): PageHead | undefined {
      return guard.enabled ? heads.get(slug) : undefined;
    },
    /** `{ head }` when known (head undefined: no store has this slug), undefined when it must be read. */
    lookup(slug: string): { head: PageHead | undefined } | undefined {
      const known = guard.enabled && heads.has(slug);
      counts[known ? 'hits' : 'misses'] += 1;
      return known ? { head: heads.get(slug) } : undefined;
    },
    stats: (): CacheStats => ({ ...counts, entries: heads.size }),
    ticket: guard.ticket,
    fill(ticket: number, slug: string, head: PageHead | undefined): void {
      if (!guard.accepts(ticket)) return;
      if (heads.size >= MAX_ENTRIES) heads.clear();
      heads.set(slug, head);
    },
  };
}
