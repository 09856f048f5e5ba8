import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type {
  BillingDetails,
  Coupon,
  Insights,
  LegacyMerchant,
  LegacyPage,
  Paginated,
  ReviewQueue,
  User,
} from '@cc/contract';
import { EnvError, loadEnv } from '../src/core/platform/env';
import { boundedCache } from '../src/core/cache/bounded-cache';
import {
  CACHE_NAMES,
  cacheBudgets,
  type CacheBudgets,
  type CacheName,
} from '../src/core/platform/cache-budgets';
import { call, describeEachDatabase } from './helpers';
import { liveStore, staffToken } from './review-fixtures';

/** Budgets that hold one or two entries of each cache (the legacy snapshot not even one). */
const TINY: CacheBudgets = {
  coupon_lists: 3_000,
  store_page_heads: 1_000,
  store_pages: 5_000,
  verified_tokens: 1_000,
  legacy_catalogue: 2_000,
  billing_summaries: 500,
  signed_in_users: 3_500,
  review_queue: 1_000,
  owner_reads: 2_500,
  sessions: 400,
  sitemaps: 1_000,
};
const OFF = Object.fromEntries(CACHE_NAMES.map((name) => [name, 0])) as CacheBudgets;

/** Each cache's figures as /metrics reports them. */
async function cacheMetrics(app: FastifyInstance, cache: CacheName) {
  const response = await call(app, 'GET', '/metrics');
  expect(response.statusCode).toBe(200);
  const value = (name: string, extra = '') => {
    const line = response.body
      .split('\n')
      .find((text) => text.startsWith(`${name}{cache="${cache}"${extra}} `));
    if (!line) throw new Error(`no ${name} for ${cache}`);
    return Number(line.split(' ').pop());
  };
  return {
    hits: value('cc_cache_lookups_total', ',result="hit"'),
    misses: value('cc_cache_lookups_total', ',result="miss"'),
    entries: value('cc_cache_entries'),
    bytes: value('cc_cache_bytes'),
    budget: value('cc_cache_budget_bytes'),
    evictions: value('cc_cache_evictions_total'),
    ratio: value('cc_cache_hit_ratio'),
  };
}

/** Three live stores, each with a coupon of its own, read in turn and edited in between: every answer is the latest. */
function answersStayRight(ctx: () => { app: FastifyInstance }) {
  it('coupon lists, store pages, tokens, the catalogue, the sitemaps, /auth/me/ (user, store, billing), the review queue and the owner reads answer right whatever the budget holds', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const names = ['Alpha', 'Beta', 'Gamma'];
    const merchants = [];
    for (const name of names)
      merchants.push(await liveStore(app, staff, [{ description: `${name} deal 1` }]));
    for (let round = 1; round <= 3; round += 1) {
      for (const [index, { token, store }] of merchants.entries()) {
        const list = await call(app, 'GET', '/api/v1/coupons/', { token });
        expect(list.statusCode).toBe(200);
        expect(list.json<Paginated<Coupon>>().results.map((c) => c.description)).toEqual([
          `${names[index]} deal ${round}`,
        ]);
        const page = await call(app, 'GET', `/stores/${store.slug}`);
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain(`${names[index]} deal ${round}`);
        const again = await call(app, 'GET', `/stores/${store.slug}`);
        expect(again.body).toBe(page.body);
        const listAgain = await call(app, 'GET', '/api/v1/coupons/', { token });
        expect(listAgain.body).toBe(list.body);
        const user = await call(app, 'GET', '/api/v1/auth/me/', { token });
        expect(user.json<User>().store).toMatchObject({
          id: merchants[index]?.store.id,
          stripe_subscription: { status: 'active' },
        });
        expect((await call(app, 'GET', '/api/v1/auth/me/', { token })).body).toBe(user.body);
        const queue = await call(app, 'GET', '/api/v1/review/stores/', {
          token: staff,
          query: { status: 'approved', search: store.slug },
        });
        expect(queue.json<ReviewQueue>()).toMatchObject({
          count: 1,
          results: [{ store: { id: store.id } }],
        });
        const insights = await call(app, 'GET', '/api/v1/insights/', {
          token,
          query: { days: '7' },
        });
        expect(insights.json<Insights>().coupons.map((c) => c.description)).toEqual([
          `${names[index]} deal ${round}`,
        ]);
        expect(
          (await call(app, 'GET', '/api/v1/insights/', { token, query: { days: '7' } })).body,
        ).toBe(insights.body);
        const details = await call(app, 'GET', '/api/v1/billing-details/', { token });
        expect(details.json<BillingDetails>().billing_name).toBe(
          round === 1 ? '' : `${names[index]} ${round - 1}`,
        );
        expect((await call(app, 'GET', '/api/v1/billing-details/', { token })).body).toBe(
          details.body,
        );
      }
      const catalogue = await call(app, 'GET', '/api/Merchant/List?pageSize=100', {
        headers: { 'x-site-key': '7' },
      });
      expect(catalogue.statusCode).toBe(200);
      const listed = catalogue.json<LegacyPage<LegacyMerchant>>().Items.map((m) => m.MerchantId);
      for (const { store } of merchants) expect(listed).toContain(store.id);
      expect((await call(app, 'GET', '/sitemap.xml')).body).toContain(
        '<loc>http://localhost:4007/sitemaps/stores-1.xml</loc>',
      );
      const shard = await call(app, 'GET', '/sitemaps/stores-1.xml');
      for (const { store } of merchants) expect(shard.body).toContain(`<loc>${store.url}</loc>`);
      for (const [index, { token, couponIds }] of merchants.entries()) {
        const body = { description: `${names[index]} deal ${round + 1}` };
        expect(
          (await call(app, 'PATCH', `/api/v1/coupons/${couponIds[0]}`, { token, body })).statusCode,
        ).toBe(200);
        const details = { billing_name: `${names[index]} ${round}` };
        expect(
          (await call(app, 'PUT', '/api/v1/billing-details/', { token, body: details })).statusCode,
        ).toBe(200);
      }
    }
  });
}

describeEachDatabase(
  'per-instance caches within a tiny byte budget',
  (ctx) => {
    answersStayRight(ctx);

    it('lets the least recently used entries go, and /metrics reports entries, bytes, budget, hits, misses and evictions', async () => {
      const { app } = ctx();
      const lists = await cacheMetrics(app, 'coupon_lists');
      expect(lists.budget).toBe(TINY.coupon_lists);
      expect(lists.bytes).toBeLessThanOrEqual(TINY.coupon_lists);
      // Each list was read twice in a row: the second time from memory (unless a late notification of the last
      // edit dropped it), until the next merchant's pushed it out; and once more for each Insights not answered
      // whole from the owner reads (at least the first of each merchant and round).
      expect(lists.hits).toBeGreaterThan(0);
      expect(lists.hits + lists.misses).toBeGreaterThanOrEqual(27);
      expect(lists.evictions).toBeGreaterThan(0);
      const pages = await cacheMetrics(app, 'store_pages');
      expect(pages.budget).toBe(TINY.store_pages);
      expect(pages.bytes).toBeLessThanOrEqual(TINY.store_pages);
      expect(pages.entries).toBeLessThan(3);
      expect(pages.hits).toBeGreaterThan(0);
      expect(pages.ratio).toBeCloseTo(pages.hits / (pages.hits + pages.misses), 5);
      expect(pages.evictions).toBeGreaterThan(0);
      const heads = await cacheMetrics(app, 'store_page_heads');
      expect(heads.bytes).toBeLessThanOrEqual(TINY.store_page_heads);
      expect(heads.evictions).toBeGreaterThan(0);
      const tokens = await cacheMetrics(app, 'verified_tokens');
      expect(tokens.bytes).toBeLessThanOrEqual(TINY.verified_tokens);
      expect(tokens.hits).toBeGreaterThan(0);
      expect(tokens.evictions).toBeGreaterThan(0);
      const summaries = await cacheMetrics(app, 'billing_summaries');
      expect(summaries.bytes).toBeLessThanOrEqual(TINY.billing_summaries);
      expect(summaries.hits).toBeGreaterThan(0);
      expect(summaries.evictions).toBeGreaterThan(0);
      const signedIn = await cacheMetrics(app, 'signed_in_users');
      expect(signedIn.budget).toBe(TINY.signed_in_users);
      expect(signedIn.bytes).toBeLessThanOrEqual(TINY.signed_in_users);
      expect(signedIn.hits).toBeGreaterThan(0);
      expect(signedIn.evictions).toBeGreaterThan(0);
      const ownerReads = await cacheMetrics(app, 'owner_reads');
      expect(ownerReads.budget).toBe(TINY.owner_reads);
      expect(ownerReads.bytes).toBeLessThanOrEqual(TINY.owner_reads);
      expect(ownerReads.hits).toBeGreaterThan(0);
      expect(ownerReads.evictions).toBeGreaterThan(0);
      // A brand's snapshot is larger than its budget: never kept, every call reads the database.
      const catalogue = await cacheMetrics(app, 'legacy_catalogue');
      expect([catalogue.entries, catalogue.bytes, catalogue.hits]).toEqual([0, 0, 0]);
      expect(catalogue.misses).toBeGreaterThanOrEqual(3);
    });
  },
  { env: { cacheBudgets: TINY } },
);

describeEachDatabase(
  'per-instance caches turned off (a budget of 0)',
  (ctx) => {
    answersStayRight(ctx);

    it('holds nothing and reports only misses', async () => {
      for (const name of CACHE_NAMES) {
        const figures = await cacheMetrics(ctx().app, name);
        expect({ name, ...figures, misses: figures.misses > 0 }).toEqual({
          name,
          hits: 0,
          misses: true,
          entries: 0,
          bytes: 0,
          budget: 0,
          evictions: 0,
          ratio: 0,
        });
      }
    });
  },
  { env: { cacheBudgets: OFF } },
);

describe('cache budgets', () => {
  const BASE = { JWT_SECRET: 'a-secret-that-is-long-enough-to-sign-tokens' };
  const MB = 1024 * 1024;

  it('CACHE_BUDGET_MB is shared out (128 MB by default) and CACHE_<NAME>_MB sets one cache', () => {
    const defaults = loadEnv(BASE).cacheBudgets;
    // Each share is rounded down to whole bytes: together less than a byte per cache short of 128 MB.
    const total = Object.values(defaults).reduce((sum, bytes) => sum + bytes, 0);
    expect(total).toBeLessThanOrEqual(128 * MB);
    expect(total).toBeGreaterThan(128 * MB - CACHE_NAMES.length);
    expect(defaults).toEqual(cacheBudgets(128));
    const set = loadEnv({
      ...BASE,
      CACHE_BUDGET_MB: '16',
      CACHE_STORE_PAGES_MB: '0.5',
      CACHE_VERIFIED_TOKENS_MB: '0',
    }).cacheBudgets;
    expect(set.store_pages).toBe(MB / 2);
    expect(set.verified_tokens).toBe(0);
    expect(set.coupon_lists).toBe(cacheBudgets(16).coupon_lists);
    for (const [name, raw] of [
      ['CACHE_BUDGET_MB', 'lots'],
      ['CACHE_COUPON_LISTS_MB', '-1'],
    ]) {
      expect(() => loadEnv({ ...BASE, [name as string]: raw })).toThrow(EnvError);
    }
  });

  it('a bounded cache keeps the most recently used entries within its bytes and forgets a group at once', () => {
    const cache = boundedCache<string, { store: number; text: string }>({
      budgetBytes: 1_000,
      sizeOf: () => 300,
      groupOf: (value) => value.store,
    });
    for (const key of ['a', 'b', 'c']) cache.set(key, { store: key === 'c' ? 2 : 1, text: key });
    expect(cache.get('a')?.text).toBe('a');
    cache.set('d', { store: 2, text: 'd' });
    // 'b' was the least recently used when 'd' needed room.
    expect(cache.keys().sort()).toEqual(['a', 'c', 'd']);
    cache.deleteGroup(2);
    expect(cache.keys()).toEqual(['a']);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.stats()).toEqual({
      hits: 1,
      misses: 1,
      entries: 1,
      bytes: 300,
      budgetBytes: 1_000,
      evictions: 1,
    });
    // A page served by the fast path keeps its head among the most recently used, uncounted.
    const recent = boundedCache<string, string>({ budgetBytes: 700, sizeOf: () => 300 });
    for (const key of ['x', 'y']) recent.set(key, key);
    expect(recent.touch('x')).toBe('x');
    recent.set('z', 'z');
    expect(recent.keys().sort()).toEqual(['x', 'z']);
    expect([recent.stats().hits, recent.stats().misses]).toEqual([0, 0]);
    const off = boundedCache<string, string>({ budgetBytes: 0 });
    off.set('a', 'value');
    expect([off.get('a'), off.size]).toEqual([undefined, 0]);
  });
});
