/**
 * How long a shared cache (a CDN, nginx's proxy_cache) may serve a public answer without asking
 * again, in seconds: the store pages and the catalogue reads. Browsers revalidate every use
 * (`max-age=0`, an unchanged answer costs a 304 through the ETag).
 */
export const SHARED_MAX_AGE_SECONDS = 2;

/**
 * How long past that a shared cache may still answer with what it holds while it revalidates in
 * the background, in seconds. After that it must ask the origin before answering.
 */
export const STALE_WHILE_REVALIDATE_SECONDS = 2;

/**
 * The most a change can wait to show through any cache that keeps to the Cache-Control it was
 * given: a copy is never served more than s-maxage + stale-while-revalidate after it was fetched.
 * The origin itself follows a change as its store_changed notification arrives (milliseconds).
 */
export const SHARED_STALENESS_BOUND_SECONDS =
  SHARED_MAX_AGE_SECONDS + STALE_WHILE_REVALIDATE_SECONDS;

/** Public reads: a shared cache may keep them briefly, a browser revalidates them each time. */
export const PUBLIC_CACHE_CONTROL = `public, max-age=0, s-maxage=${SHARED_MAX_AGE_SECONDS}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}`;

/**
 * What an answer gets when its route did not choose: kept by no cache. Every signed-in answer
 * (a merchant's coupons, their account, staff's queue) is one of these, so a shared cache in
 * front can never hand one person's answer to another.
 */
export const DEFAULT_CACHE_CONTROL = 'private, no-store';
