import { existsSync, readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ClientId } from '@cc/config';
import couponStatsRoutes from './coupon-stats-routes';
import storePageRoutes from './routes';
import sitemapRoutes from './sitemap-routes';
import { DEFAULT_SITEMAP, sitemaps, type SitemapOptions } from './sitemap';
import { pageAssets } from './page-assets';
import { previewSigner } from './preview-token';
import type { CountingOptions } from './count-batches';
import { DEFAULT_PAGE_MAKER, type PageMakerOptions } from './page-maker';
import { periodicJob } from '../core/platform/periodic-job';
import { publicPageService, type PublicPageService } from './service';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    storePages: StorePages;
  }
}

/** The public pages' service, and the staff preview links of pages not live yet. */
export type StorePages = PublicPageService & {
  /** A preview link token for the store, valid for an hour (preview-token.ts). */
  issuePreview: (storeId: number, now: Date) => string;
};

export type PublicPagesOptions = {
  brandOrigins: Record<ClientId, string>;
  /** Days a past_due store stays live after its unpaid period ended (default 7). */
  graceDays?: number | undefined;
  /** Each brand's logo (an SVG file) in the page header; a brand without one shows its name. */
  logoFiles?: Partial<Record<ClientId, string>> | undefined;
  /** Derives the key of the staff preview links. */
  secret: string;
  /** Byte budgets of the page heads, the rendered pages and the sitemaps' shards. */
  cacheBudgets: { heads: number; pages: number; sitemaps: number };
  /** The sitemaps' shard size and patch interval (sitemap.ts); the defaults otherwise. */
  sitemap?: Partial<SitemapOptions> | undefined;
  /** How shoppers' counts are collected and written (count-batches.ts). */
  counting?: CountingOptions | undefined;
  /** How pages are made (page-maker.ts), and how often every instance catches up (default every 30 s). */
  making?: Partial<PageMakerOptions & { intervalMs: number }> | undefined;
};

/** How often each instance makes the pages left unmade (missed, failed, new) and those of a new day. */
const MAKE_INTERVAL_MS = 30_000;

function brandLogos(
  files: Partial<Record<ClientId, string>> = {},
): Partial<Record<ClientId, string>> {
  const logos: Partial<Record<ClientId, string>> = {};
  for (const [id, file] of Object.entries(files)) {
    if (existsSync(file))
      logos[Number(id) as ClientId] =
        `data:image/svg+xml;base64,${readFileSync(file).toString('base64')}`;
  }
  return logos;
}

/** Public store pages at /stores/{slug} on every port, their counters, and the owner's 30-day counts. */
async function publicPagesPlugin(app: FastifyInstance, options: PublicPagesOptions): Promise<void> {
  const assets = await pageAssets();
  const pages = publicPageService({
    db: app.db,
    clock: app.clock,
    brandOrigins: options.brandOrigins,
    graceDays: options.graceDays ?? 7,
    brandLogos: brandLogos(options.logoFiles),
    assetLinks: assets.links,
    cacheBudgets: { heads: options.cacheBudgets.heads, pages: options.cacheBudgets.pages },
    ...(options.counting ? { counting: options.counting } : {}),
    making: { ...DEFAULT_PAGE_MAKER, ...options.making },
    onCountFailed: (error, dropped) =>
      app.log.error(
        { err: error, dropped },
        "shoppers' counts not written (kept for the next write)",
      ),
    onMakeFailed: (error) =>
      app.log.warn({ err: error }, 'store page not made (made again when its claim ends)'),
  });
  // Pages are made as they change (each store_changed notification) and caught up on at start and every interval:
  // pages not made yet (a migration, the seed), missed or failed, and those whose days ended.
  periodicJob(app, {
    intervalMs: options.making?.intervalMs ?? MAKE_INTERVAL_MS,
    work: () => pages.makePages(),
    onDone: (made) => {
      if (made > 0) app.log.info({ made }, 'store pages made');
    },
    failure: 'store pages not made (tried again at the next run)',
  });
  app.addHook('onClose', async () => pages.stopMaking());
  // Counts are written once a second, and the last ones as the app closes (SIGTERM included).
  app.addHook('onReady', async () => pages.counts.start());
  app.addHook('onClose', async () => pages.counts.stop());
  const preview = previewSigner(options.secret);
  app.decorate('storePages', {
    ...pages,
    issuePreview: (storeId: number, now: Date) => preview.issue(storeId, now),
  });
  // Page heads are kept until store_changed says otherwise, and dropped on every write through this instance.
  app.storeChanges.add(pages.storeCache);
  app.caches.add('store_page_heads', () => pages.cacheStats().heads);
  app.caches.add('store_pages', () => pages.cacheStats().pages);
  // Not a cache of this instance: requests answered with a page as made (hits), or rendered for one (misses).
  app.caches.add('made_pages', () => pages.cacheStats().made);
  // The sitemaps follow the same notifications: each named store's page is stamped and its shard patched.
  const maps = sitemaps({
    repo: pages.sitemapSource,
    clock: app.clock,
    brandOrigins: options.brandOrigins,
    isLive: pages.isLiveAt,
    budgetBytes: options.cacheBudgets.sitemaps,
    options: { ...DEFAULT_SITEMAP, ...options.sitemap },
    onError: (error) =>
      app.log.warn(
        { err: error },
        'sitemap pages not stamped or patched (tried again a second later)',
      ),
  });
  app.storeChanges.add(maps.storeCache);
  app.caches.add('sitemaps', maps.stats);
  app.addHook('onClose', async () => maps.stop());
  await app.register(sitemapRoutes, { sitemaps: maps });
  // Staff previews: review issues the links (app.storePages.issuePreview), the page checks them.
  const canPreview = (token: string, storeId: number) =>
    preview.verify(token, storeId, app.clock.now());
  await app.register(storePageRoutes, {
    prefix: '/stores',
    pages,
    canPreview,
    assets: assets.byName,
  });
  await app.register(couponStatsRoutes, {
    prefix: '/api/v1/coupons/stats',
    pages,
    coupons: app.coupons,
    stores: app.stores,
  });
}

export default fp(publicPagesPlugin, { name: 'public-pages', dependencies: ['auth', 'coupons'] });
