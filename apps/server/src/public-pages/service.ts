import { getClientConfig, type ClientId } from '@cc/config';
import { MESSAGES, type CouponStatsList } from '@cc/contract';
import { addDays, DAY_MS, isoDate, type Clock } from '../core/platform/clock';
import type { Db } from '../core/data/db';
import type { StoreCache } from '../core/data/store-changes';
import { storePageUrl } from '../stores/service';
import { encodeText } from './encoding';
import { feedbackRepository, type FeedbackCounts } from './feedback';
import type { CouponRow } from '../coupons/types';
import type { StoreRow } from '../stores/types';
import { NotFound, ValidationFailed } from '../core/http/errors';
import { safeUrl } from '../core/render/html';
import type { PageAssetLinks } from './page-assets';
import { renderedPageCache, type RenderedPage } from './page-cache';
import { pageHeadCache } from './page-heads';
import { publicPagesRepository, type MadePage, type PageHead } from './repository';
import {
  DEFAULT_PAGE_MAKER,
  pageMaker,
  pageValidUntil,
  type MadeForDay,
  type PageMakerOptions,
} from './page-maker';
import { renderNotFound, renderStorePage } from './render';
import { countBatches, DEFAULT_COUNTING, type CountingOptions } from './count-batches';
import { visitorHasher, type Visitor } from './visitors';

export const STATS_DAYS = 30;
/** The days of answers behind a coupon's verified cue on its page. */
export const FEEDBACK_DAYS = 30;

export type PageDeps = {
  db: Db;
  clock: Clock;
  brandOrigins: Record<ClientId, string>;
  /** How long a past_due subscription keeps the page live after its unpaid period ended. */
  graceDays: number;
  /** Each brand's logo as a data: URL (apps/<brand>/src/assets/logo.svg), when found. */
  brandLogos: Partial<Record<ClientId, string>>;
  /** Told when a batch of counts could not be written (kept for the next write) or counts were dropped. */
  onCountFailed?: (error: unknown, dropped: number) => void;
  /** How counts are collected and written (count-batches.ts); one write a second by default. */
  counting?: CountingOptions;
  /** The links to each brand's stylesheet and the page script. */
  assetLinks: (client: ClientId) => PageAssetLinks;
  /** Byte budgets of the page heads and of the rendered pages (services/cache-budgets.ts). */
  cacheBudgets: { heads: number; pages: number };
  /** How pages are made when they change (page-maker.ts); the defaults otherwise. */
  making?: PageMakerOptions;
  /** Told when a page could not be made (tried again when its claim's lease ends). */
  onMakeFailed?: (error: unknown) => void;
};

export type { RenderedPage } from './page-cache';

/**
 * Pages are compressed when made, and while a shopper waits when not made yet, so at the levels
 * for content made per request; only br and gzip are kept, and the rare client that takes
 * neither gets the page inflated from gzip.
 */
const PAGE_ENCODING = { effort: 'dynamic', keepIdentity: false } as const;

/**
 * Live only when approved and the subscription is active (or trialing), or
 * past_due within the grace period after the unpaid period ended. One cancelled
 * at its period's end (`status|periodEnd|1`, billing/read-model.ts) stays live
 * until that moment and not at it.
 */
export function isLive(
  head: Pick<PageHead, 'isApproved' | 'subscription'>,
  now: Date,
  graceDays: number,
): boolean {
  if (!head.isApproved || !head.subscription) return false;
  const [status, periodEnd = '', ending] = head.subscription.split('|');
  const end = periodEnd === '' ? Number.NaN : Number(periodEnd) * 1000;
  if (status === 'active' || status === 'trialing') return ending !== '1' || now.getTime() < end;
  if (status !== 'past_due') return false;
  return Number.isFinite(end) && now.getTime() <= end + graceDays * DAY_MS;
}

/**
 * The public store pages. Each live store's page is made (rendered and compressed) when it
 * changes and kept in store_pages (page-maker.ts); a request reads the page's head (store id,
 * content version, review state, subscription) and the page as made in one statement, and
 * this instance keeps both until it is told the store changed (`storeCache`, followed by the
 * store_changed listener), or reads them on every request while the listener is down. A page
 * not made for its version and day (not made yet, or a new day before the maker's run) is
 * rendered for the request, counted in `made_pages`' misses. Liveness is decided per request,
 * so a grace period ends on time.
 */
export function publicPageService(deps: PageDeps) {
  const repo = publicPagesRepository(deps.db);
  const feedback = feedbackRepository(deps.db);
  const visitors = visitorHasher(repo);
  const visitorHash = (visitor: Visitor, day: string) => visitors.hash(visitor, day);
  const counts = countBatches({
    write: async (batch) => {
      await repo.countBatch(batch);
    },
    counting: deps.counting ?? DEFAULT_COUNTING,
    onFailed: (error, dropped) => deps.onCountFailed?.(error, dropped),
  });
  const heads = pageHeadCache(deps.cacheBudgets.heads);
  /** Each store's current live page (a new version or day replaces it) and each brand's 404 of the day. */
  const rendered = renderedPageCache(deps.cacheBudgets.pages);
  const storeSlot = (storeId: number) => `store:${storeId}`;

  /** Requests answered with a page as made (hits), and pages rendered for a request instead (misses). */
  const madeCounts = { hits: 0, misses: 0 };

  /**
   * The slug's head: held, or read with its page as made (`made`: null when none was, undefined
   * when the head was held and the page not read).
   */
  async function headOf(
    slug: string,
  ): Promise<{ head: PageHead | undefined; made?: MadePage | null }> {
    const known = heads.lookup(slug);
    if (known) return { head: known.head };
    const ticket = heads.ticket();
    const row = await repo.headAndPage(slug);
    heads.fill(ticket, slug, { head: row?.head });
    return row ?? { head: undefined };
  }

  async function renderBrandNotFound(client: ClientId, today: string): Promise<RenderedPage> {
    const html = renderNotFound({
      brand: getClientConfig(client),
      year: Number(today.slice(0, 4)),
      brandLogo: deps.brandLogos[client],
      assets: deps.assetLinks(client),
    });
    return { ...(await encodeText(html, PAGE_ENCODING)), status: 404 };
  }

  async function brandNotFound(client: ClientId, today: string): Promise<RenderedPage> {
    const page = await rendered.page(`404:${client}`, today, () =>
      renderBrandNotFound(client, today),
    );
    return page ?? renderBrandNotFound(client, today);
  }

  /** The first day of the answers behind the cues of a page made on `today`. */
  const answersFrom = (today: string) => addDays(today, -(FEEDBACK_DAYS - 1));

  /** The store's page as HTML, with the coupons on it and whether answers show. */
  function renderContent(
    {
      store,
      coupons,
      answers,
    }: { store: StoreRow; coupons: CouponRow[]; answers: ReadonlyMap<number, FeedbackCounts> },
    today: string,
    preview: boolean,
  ): { html: string; couponIds: number[]; expirations: (string | null)[]; hasAnswers: boolean } {
    const brand = getClientConfig(store.client);
    const html = renderStorePage({
      brand,
      brandLogo: deps.brandLogos[brand.clientId],
      assets: deps.assetLinks(brand.clientId),
      store,
      coupons,
      canonicalUrl: storePageUrl(deps, store),
      today,
      preview,
      feedback: answers,
    });
    const couponIds = coupons.map((coupon) => coupon.id);
    return {
      html,
      couponIds,
      expirations: coupons.map((coupon) => coupon.expirationDate),
      hasAnswers: couponIds.some((id) => answers.has(id)),
    };
  }

  /** The store's page as HTML for a request (a staff preview, or a page not made yet), or undefined when the store is gone. */
  async function renderHtml(
    head: Pick<PageHead, 'id'>,
    today: string,
    preview: boolean,
  ): Promise<ReturnType<typeof renderContent> | undefined> {
    // The cues use the answers known when the page renders: it is made again each day they may change.
    // One round trip: the answers are read by store, beside its coupons (those not on the page go unused).
    const [store, coupons, answers] = await Promise.all([
      repo.store(head.id),
      repo.liveCoupons(head.id, today),
      feedback.countsBetween(repo.couponIdsOf(head.id), answersFrom(today), today),
    ]);
    return store && renderContent({ store, coupons, answers }, today, preview);
  }

  /** A live page for a request, encoded once for every encoding it is served in: what the page maker had not made. */
  async function render(head: PageHead, today: string): Promise<RenderedPage | undefined> {
    madeCounts.misses += 1;
    const made = await renderHtml(head, today, false);
    return made === undefined
      ? undefined
      : { ...(await encodeText(made.html, PAGE_ENCODING)), status: 200, couponIds: made.couponIds };
  }

  /**
   * The stores' pages made for `today`, each with the days it holds for, by store id; undefined for
   * a store not live now (or gone). The content of every store is read in four statements.
   */
  async function makePages(
    storeIds: readonly number[],
    today: string,
  ): Promise<Map<number, MadeForDay | undefined>> {
    const [contents, answers] = await Promise.all([
      repo.pageContents(storeIds, today),
      feedback.countsBetween(repo.couponIdsOfStores(storeIds), answersFrom(today), today),
    ]);
    const now = deps.clock.now();
    const made = storeIds.map(async (storeId): Promise<[number, MadeForDay | undefined]> => {
      const content = contents.get(storeId);
      if (
        !content ||
        !isLive(
          { isApproved: content.store.isApproved, subscription: content.subscription },
          now,
          deps.graceDays,
        )
      )
        return [storeId, undefined];
      const page = renderContent(
        { store: content.store, coupons: content.coupons, answers },
        today,
        false,
      );
      const validUntil = pageValidUntil({
        today,
        nextCouponEdge: content.nextCouponEdge,
        expirations: page.expirations,
        hasAnswers: page.hasAnswers,
      });
      return [
        storeId,
        { ...(await encodeText(page.html, PAGE_ENCODING)), couponIds: page.couponIds, validUntil },
      ];
    });
    return new Map(await Promise.all(made));
  }

  const maker = pageMaker({
    repo,
    clock: deps.clock,
    make: makePages,
    options: deps.making ?? DEFAULT_PAGE_MAKER,
    onError: (error) => deps.onMakeFailed?.(error),
  });

  /** The page as made, when it was made from this version for this day. */
  const madeFits = (made: MadePage, head: PageHead, today: string): boolean =>
    made.version === head.version && made.madeFor <= today && today < made.validUntil;

  /** What an event counts on a page: a view every coupon on it (the page's own list), a reveal its one coupon. */
  const eventCoupons = (
    page: RenderedPage,
    event: { kind: 'view' | 'reveal'; couponId: number | undefined },
  ): readonly number[] => {
    const onPage = page.couponIds ?? [];
    return event.kind === 'view' ? onPage : onPage.filter((id) => id === event.couponId);
  };

  const pageKey = (head: PageHead, today: string) => `${head.version}:${today}`;

  /** The live page: held, else the page as made (read now unless `made` came with the head), else rendered. */
  function livePage(
    head: PageHead,
    today: string,
    made?: MadePage | null,
  ): Promise<RenderedPage | undefined> {
    return rendered.page(storeSlot(head.id), pageKey(head, today), async () => {
      const page = made === undefined ? await repo.madePage(head.id) : made;
      if (!page || !madeFits(page, head, today)) return render(head, today);
      madeCounts.hits += 1;
      return {
        etag: page.etag,
        bodies: { br: page.br, gzip: page.gzip },
        status: 200,
        couponIds: page.couponIds,
      };
    });
  }

  /** What store_changed drops: the store's heads (its pages are keyed by version and go with them); the page is made again. */
  const storeCache: StoreCache = {
    dropStore(storeId) {
      heads.dropStore(storeId);
      rendered.drop(storeSlot(storeId));
      maker.soon();
    },
    clear: () => heads.clear(),
    setEnabled: (on) => heads.setEnabled(on),
  };

  return {
    isLive,

    /** Whether a store with this review state and subscription is live now, grace period included. */
    isLiveNow: (head: Pick<PageHead, 'isApproved' | 'subscription'>): boolean =>
      isLive(head, deps.clock.now(), deps.graceDays),

    /** Whether a store with this review state and subscription is live at `now`, grace period included. */
    isLiveAt: (head: Pick<PageHead, 'isApproved' | 'subscription'>, now: Date): boolean =>
      isLive(head, now, deps.graceDays),

    /** The sitemaps' reads of the stores (sitemap.ts). */
    sitemapSource: {
      sitemapStores: (...args: Parameters<typeof repo.sitemapStores>) =>
        repo.sitemapStores(...args),
      lastStoreId: () => repo.lastStoreId(),
    },

    /** Follows the store_changed listener (see index.ts). */
    storeCache,

    /**
     * The live page when its head and its rendering are both already in memory
     * (the common case), without a database read or a wait; undefined otherwise
     * (then `page` decides).
     */
    ready(slug: string): RenderedPage | undefined {
      const head = heads.peek(slug)?.head;
      if (!head) return undefined;
      const now = deps.clock.now();
      if (!isLive(head, now, deps.graceDays)) return undefined;
      return rendered.ready(storeSlot(head.id), pageKey(head, isoDate(now)));
    },

    /**
     * For /metrics: page heads (a miss reads the database), live pages held (a miss reads the page
     * as made), and pages as made (a hit answered a request, a miss was rendered for one).
     */
    cacheStats: () => ({
      heads: heads.stats(),
      pages: rendered.stats(),
      made: { ...madeCounts, entries: 0, bytes: 0, budgetBytes: 0, evictions: 0 },
    }),

    /** Makes every page not made yet and those whose days ended (the periodic run; page-maker.ts). */
    makePages: (): Promise<number> => maker.makeDue(),

    /** Stops making pages as the app closes. */
    stopMaking: (): Promise<void> => maker.stop(),

    /**
     * The page for shoppers, or the brand's 404; when `preview` admits the store, its
     * page for staff as plain HTML (rendered for that request, never cached or compressed).
     */
    async page(
      slug: string,
      requestClient: ClientId,
      options: { preview?: (storeId: number) => boolean } = {},
    ): Promise<{ page: RenderedPage; previewHtml?: undefined } | { previewHtml: string }> {
      const now = deps.clock.now();
      const today = isoDate(now);
      const { head, made } = await headOf(slug);
      if (!head) return { page: await brandNotFound(requestClient, today) };
      const previewHtml = options.preview?.(head.id)
        ? (await renderHtml(head, today, true))?.html
        : undefined;
      if (previewHtml !== undefined) return { previewHtml };
      const page = isLive(head, now, deps.graceDays)
        ? await livePage(head, today, made)
        : undefined;
      return { page: page ?? (await brandNotFound(head.client, today)) };
    },

    /**
     * `countEvent` without a wait, when the page's head and rendering and the day's visitor key
     * are all in memory and counts are held for a batch (the common case): true or false as
     * `countEvent` answers; undefined when it must be asked instead.
     */
    countEventNow(
      slug: string,
      event: { kind: 'view' | 'reveal'; couponId: number | undefined; visitor: Visitor },
    ): boolean | undefined {
      if (!counts.batching) return undefined;
      const head = heads.peek(slug)?.head;
      if (!head) return undefined;
      const now = deps.clock.now();
      if (!isLive(head, now, deps.graceDays)) return false;
      const today = isoDate(now);
      const page = rendered.ready(storeSlot(head.id), pageKey(head, today));
      if (!page) return undefined;
      const couponIds = eventCoupons(page, event);
      if (couponIds.length === 0) return false;
      const visitor = visitors.hashNow(event.visitor, today);
      if (visitor === undefined) return undefined;
      void counts.add({
        day: today,
        kind: event.kind === 'view' ? 'views' : 'reveals',
        visitor,
        couponIds,
      });
      return true;
    },

    /**
     * Counts a view of every coupon on a live page, or one coupon's reveal, each at most once
     * per visitor and day; false when nothing was to be counted. The coupons are the page's
     * own (its rendering, in memory), and the counts are written with the next batch.
     */
    async countEvent(
      slug: string,
      event: { kind: 'view' | 'reveal'; couponId: number | undefined; visitor: Visitor },
    ): Promise<boolean> {
      const now = deps.clock.now();
      const today = isoDate(now);
      const { head, made } = await headOf(slug);
      if (!head || !isLive(head, now, deps.graceDays)) return false;
      const page = await livePage(head, today, made);
      const couponIds = page ? eventCoupons(page, event) : [];
      if (couponIds.length === 0) return false;
      const visitor = await visitorHash(event.visitor, today);
      await counts.add({
        day: today,
        kind: event.kind === 'view' ? 'views' : 'reveals',
        visitor,
        couponIds,
      });
      return true;
    },

    /** The shoppers' counts held in memory: written every second, and by `stop` as the app closes. */
    counts: { start: counts.start, stop: counts.stop, flush: counts.flush, held: counts.held },

    /**
     * Where to send the shopper on every click, or undefined (404); the click
     * is counted at most once per visitor, coupon and day.
     */
    async click(
      slug: string,
      { couponId, visitor }: { couponId: number; visitor: Visitor },
    ): Promise<string | undefined> {
      const now = deps.clock.now();
      const today = isoDate(now);
      const { head } = await headOf(slug);
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
      // The shopper reaches the merchant even when the click cannot be counted.
      try {
        const hash = await visitorHash(visitor, today);
        await counts.add({ day: today, kind: 'clicks', visitor: hash, couponIds: [coupon.id] });
      } catch (error) {
        deps.onCountFailed?.(error, 0);
      }
      return destination;
    },

    /**
     * A shopper's answer to "Did this code work?" for a live coupon with a code on a
     * live page (404 for a page that is not live, a field error for another coupon),
     * kept at most once per visitor, coupon and UTC day; true when it was kept.
     */
    async answer(
      slug: string,
      { couponId, worked, visitor }: { couponId: number; worked: boolean; visitor: Visitor },
    ): Promise<boolean> {
      const now = deps.clock.now();
      const today = isoDate(now);
      const { head } = await headOf(slug);
      if (!head || !isLive(head, now, deps.graceDays)) throw new NotFound();
      const coupon = (await repo.liveCoupons(head.id, today)).find((c) => c.id === couponId);
      if (!coupon || !coupon.discountCode.trim())
        throw ValidationFailed.field('coupon', MESSAGES.invalidChoice);
      const hash = await visitorHash(visitor, today);
      const kept = await feedback.answer({ couponId, day: today, visitor: hash, worked, at: now });
      // The page as made no longer holds and is queued: this instance makes it again with the
      // answer counted a moment from now, and a request meanwhile renders it (shoppers see an
      // answer at once, as on a page rendered on request).
      if (kept) {
        await repo.madeValidUntil(head.id, today);
        maker.soon();
      }
      return kept;
    },

    /** The last day of the coupon stats' window: today on the app's clock. */
    statsDay: (): string => isoDate(deps.clock.now()),

    /** The last 30 days (today included) of each coupon given (the owner's, in the merchant's order), zeros included. */
    async statsOf(coupons: { id: number }[]): Promise<CouponStatsList> {
      const to = isoDate(deps.clock.now());
      const from = addDays(to, -(STATS_DAYS - 1));
      const totals = new Map(
        (
          await repo.totalsFor(
            coupons.map((coupon) => coupon.id),
            from,
            to,
          )
        ).map((row) => [row.coupon, row]),
      );
      const results = coupons.map(
        ({ id }) => totals.get(id) ?? { coupon: id, views: 0, reveals: 0, clicks: 0 },
      );
      return { days: STATS_DAYS, from, to, results };
    },
  };
}
export type PublicPageService = ReturnType<typeof publicPageService>;
