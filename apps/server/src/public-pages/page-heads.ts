import { storeKeyedCache } from '../core/cache/store-cache';
import type { PageHead } from './repository';

/**
 * Per-instance copy of each slug's page head (store id, content version, review state,
 * subscription), or of its absence (`head` undefined: no store has this slug, dropped by
 * any store's change since a renamed slug may now exist), within a byte budget
 * (core/cache/store-cache.ts).
 */
export function pageHeadCache(budgetBytes: number) {
  return storeKeyedCache<string, { head: PageHead | undefined }>({
    budgetBytes,
    storeOf: (entry) => entry.head?.id,
  });
}
