/** Every per-instance cache, by the name /metrics gives it. */
export const CACHE_NAMES = [
  'coupon_lists',
  'store_page_heads',
  'store_pages',
  'verified_tokens',
  'legacy_catalogue',
  'billing_summaries',
  'signed_in_users',
  'review_queue',
  'owner_reads',
  'sessions',
  'sitemaps',
] as const;
export type CacheName = (typeof CACHE_NAMES)[number];

/** Each cache's budget in bytes (estimated; see bounded-cache.ts); 0 keeps nothing. */
export type CacheBudgets = Record<CacheName, number>;

/**
 * CACHE_BUDGET_MB's default: room for the caches on a 512 MB instance beside Node,
 * the connection pool and requests in flight. Estimates err high, so the heap they
 * really take is smaller.
 */
export const DEFAULT_CACHE_BUDGET_MB = 128;

/**
 * How CACHE_BUDGET_MB is shared out (of 23): rendered pages and catalogue snapshots are the big
 * ones. A store page is held compressed only (br and gzip, about 4 KB with 10 coupons), so 5 of
 * 128 MB (28 MB) holds the pages of about 7,000 stores. The sitemaps' shards take about 150 bytes
 * per approved store with their encodings, so 3 of 128 MB (16.7 MB) hold the shards of some 110,000
 * approved stores (docs/operations.md: CACHE_SITEMAPS_MB for more).
 */
const SHARES: Record<CacheName, number> = {
  store_pages: 5,
  legacy_catalogue: 5,
  coupon_lists: 2,
  store_page_heads: 2,
  sitemaps: 3,
  verified_tokens: 1,
  billing_summaries: 1,
  signed_in_users: 1,
  review_queue: 1,
  owner_reads: 1,
  sessions: 1,
};
const TOTAL_SHARES = Object.values(SHARES).reduce((sum, share) => sum + share, 0);

const MB = 1024 * 1024;

/** The variable that sets one cache's own budget: CACHE_COUPON_LISTS_MB, CACHE_STORE_PAGES_MB, ... */
export const budgetVariable = (name: CacheName) => `CACHE_${name.toUpperCase()}_MB`;

/** `totalMb` shared out by SHARES, each cache's own megabytes (when given) instead of its share. */
export function cacheBudgets(
  totalMb: number,
  ownMb: (name: CacheName) => number | undefined = () => undefined,
): CacheBudgets {
  const budgets = {} as CacheBudgets;
  for (const name of CACHE_NAMES) {
    const megabytes = ownMb(name) ?? (totalMb * SHARES[name]) / TOTAL_SHARES;
    budgets[name] = Math.floor(megabytes * MB);
  }
  return budgets;
}
