import { createHash } from 'node:crypto';
import { getClientConfig, isClientId, type ClientConfig, type ClientId } from '@cc/config';
import type { CouponStatsList } from '@cc/contract';
import { isoDate, type Clock } from '../clock';
import type { Db } from '../db/client';
import { safeUrl } from './html';
import { publicPagesRepository, type CounterKind, type PageHead } from './repository';
import { renderNotFound, renderStorePage } from './render';

const DAY_MS = 24 * 60 * 60 * 1000;
export const STATS_DAYS = 30;
const CACHE_ENTRIES = 1000;

export type PageDeps = {
  db: Db;
  clock: Clock;
  brandOrigins: Record<ClientId, string>;
  /** How long a past_due subscription keeps the page live after its unpaid period ended. */
  graceDays: number;
  /**
   * How long a page's head (content version, review state, subscription) is
   * reused before asking the database again. Writes through this instance
   * clear it at once (see index.ts); writes elsewhere show within this time.
   */
  headTtlMs: number;
  /** Each brand's logo as a data: URL (apps/<brand>/src/assets/logo.svg), when found. */
  brandLogos: Partial<Record<ClientId, string>>;
};

export type RenderedPage = { status: 200 | 404; html: string; etag: string; live: boolean };

function clientOf(value: number): ClientId {
  return isClientId(value) ? value : 7;
}

function etagOf(html: string): string {
  return `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
}

/**
 * Live only when approved and the subscription is active (or trialing), or
 * past_due within the grace period after the unpaid period ended.
 */
export function isLive(head: Pick<PageHead, 'isApproved' | 'subscription'>, now: Date, graceDays: number): boolean {
  if (!head.isApproved || !head.subscription) return false;
  const [status, periodEnd] = head.subscription.split('|');
  if (status === 'active' || status === 'trialing') return true;
  if (status !== 'past_due') return false;
  const end = Number(periodEnd) * 1000;
  return periodEnd !== '' && Number.isFinite(end) && now.getTime() <= end + graceDays * DAY_MS;
}

/**
 * The public store pages: rendered once per (store, content version, day,
 * liveness) and kept in memory; the version comes from the database on every
 * request, so each instance serves fresh content as soon as anything changes.
 */
export function publicPageService(deps: PageDeps) {
  const repo = publicPagesRepository(deps.db);
  const heads = new Map<string, { head: PageHead | undefined; until: number }>();
  const cache = new Map<string, RenderedPage>();

  async function headOf(slug: string, now: Date): Promise<PageHead | undefined> {
    const cached = heads.get(slug);
    if (cached && cached.until > now.getTime()) return cached.head;
    const head = await repo.head(slug);
    if (deps.headTtlMs > 0) {
      if (heads.size >= CACHE_ENTRIES) heads.clear();
      heads.set(slug, { head, until: now.getTime() + deps.headTtlMs });
    }
    return head;
  }
  const notFound = new Map<string, RenderedPage>();

  function canonical(brand: ClientConfig, slug: string): string {
    return `${deps.brandOrigins[brand.clientId]}${brand.storePagePath}${encodeURIComponent(slug)}`;
  }

  function brandNotFound(client: ClientId, today: string): RenderedPage {
    const key = `${client}:${today}`;
    let page = notFound.get(key);
    if (!page) {
      const html = renderNotFound(getClientConfig(client), Number(today.slice(0, 4)), deps.brandLogos[client]);
      page = { status: 404, html, etag: etagOf(html), live: false };
      notFound.clear();
      notFound.set(key, page);
    }
    return page;
  }

  async function render(head: PageHead, today: string, preview: boolean): Promise<RenderedPage | undefined> {
    const [store, coupons] = await Promise.all([repo.store(head.id), repo.liveCoupons(head.id, today)]);
    if (!store) return undefined;
    const brand = getClientConfig(clientOf(store.client));
    const html = renderStorePage({
      brand,
      brandLogo: deps.brandLogos[brand.clientId],
      store,
      coupons,
      canonicalUrl: canonical(brand, store.slug),
      today,
      preview,
    });
    return { status: 200, html, etag: etagOf(html), live: true };
  }

  return {
    isLive,

    /** Forgets every cached head: the next request reads the database. */
    invalidate(): void {
      heads.clear();
    },

    /** The page for shoppers, or the brand's 404; `previewOf` renders a store that is not live for staff. */
    async page(slug: string, requestClient: ClientId, options: { preview?: (storeId: number) => boolean } = {}): Promise<RenderedPage & { preview: boolean }> {
      const now = deps.clock.now();
      const today = isoDate(now);
      const head = await headOf(slug, now);
      if (!head) return { ...brandNotFound(requestClient, today), preview: false };
      if (options.preview?.(head.id)) {
        const page = await render(head, today, true);
        return page ? { ...page, preview: true } : { ...brandNotFound(clientOf(head.client), today), preview: false };
      }
      if (!isLive(head, now, deps.graceDays)) return { ...brandNotFound(clientOf(head.client), today), preview: false };
      const key = `${head.id}:${head.version}:${today}`;
      let page = cache.get(key);
      if (!page) {
        page = await render(head, today, false);
        if (!page) return { ...brandNotFound(clientOf(head.client), today), preview: false };
        if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value ?? '');
        cache.set(key, page);
      }
      return { ...page, preview: false };
    },

    /** Counts a view of every coupon on a live page, or one coupon's reveal; false when nothing was counted. */
    async countEvent(slug: string, kind: 'view' | 'reveal', couponId: number | undefined): Promise<boolean> {
      const now = deps.clock.now();
      const today = isoDate(now);
      const head = await repo.head(slug);
      if (!head || !isLive(head, now, deps.graceDays)) return false;
      const live = await repo.liveCoupons(head.id, today);
      const ids = kind === 'view' ? live.map((c) => c.id) : live.filter((c) => c.id === couponId).map((c) => c.id);
      if (ids.length === 0) return false;
      await repo.count(ids, today, kind === 'view' ? 'views' : 'reveals');
      return true;
    },

    /** Counts an outbound click and answers where to send the shopper, or undefined (404). */
    async click(slug: string, couponId: number): Promise<string | undefined> {
      const now = deps.clock.now();
      const today = isoDate(now);
      const head = await repo.head(slug);
      if (!head || !isLive(head, now, deps.graceDays)) return undefined;
      const coupon = (await repo.liveCoupons(head.id, today)).find((c) => c.id === couponId);
      if (!coupon) return undefined;
      const store = await repo.store(head.id);
      const destination =
        safeUrl(coupon.destinationCouponUrl) ??
        safeUrl(coupon.destinationAffiliateUrl) ??
        safeUrl(store?.affiliateWebsiteUrl) ??
        safeUrl(store?.websiteUrl);
      if (!destination || destination.startsWith('/')) return undefined;
      await repo.count([coupon.id], today, 'clicks' satisfies CounterKind);
      return destination;
    },

    /** The owner's last 30 days (today included) per coupon, in the merchant's order. */
    async statsForOwner(ownerId: number): Promise<CouponStatsList> {
      const now = deps.clock.now();
      const to = isoDate(now);
      const from = isoDate(new Date(now.getTime() - (STATS_DAYS - 1) * DAY_MS));
      const results = await repo.totalsForOwner(ownerId, from, to);
      return { days: STATS_DAYS, from, to, results };
    },
  };
}
export type PublicPageService = ReturnType<typeof publicPageService>;
