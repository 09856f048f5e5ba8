import type { ClientId } from '@cc/config';
import { boundedCache } from '../core/cache/bounded-cache';
import { isoDate, type Clock } from '../core/platform/clock';
import type { StoreCache } from '../core/data/store-changes';
import { storePageUrl } from '../stores/service';
import { encodeText, type EncodedText } from './encoding';
import type { PublicPagesRepository, SitemapStore } from './repository';

/** The most URLs one sitemap may list (sitemaps.org), and so the stores a shard's id range spans. */
export const SITEMAP_URL_LIMIT = 50_000;

export type SitemapOptions = {
  /** Store ids per shard: shard n lists the live pages among ids (n - 1) x size + 1 to n x size (default 50,000). */
  shardSize: number;
  /** How soon after a store's notification its page is stamped and its shard patched, in milliseconds (default 1000). */
  flushMs: number;
};

export const DEFAULT_SITEMAP: SitemapOptions = { shardSize: SITEMAP_URL_LIMIT, flushMs: 1000 };

/** How long after a failed patch it is tried again, at the least. */
const RETRY_MS = 1000;

/** How often a held shard asks again which of its pages are live (a grace period or a cancelled period ends on time). */
const LIVENESS_RECHECK_MS = 60_000;

const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const XML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text as XML character data. */
const xmlText = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => XML_ENTITIES[char] ?? char);

/** A W3C datetime to the second, in UTC (sitemaps.org's lastmod). */
const w3cDatetime = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

const lastmodTag = (ms: number): string => (ms > 0 ? `<lastmod>${w3cDatetime(ms)}</lastmod>` : '');

/** Sitemaps are compressed while a crawler waits (a shard that changed): the levels for content made per request. */
const SITEMAP_ENCODING = { effort: 'dynamic', keepIdentity: false } as const;

/** Which of a shard's pages one brand lists now, and their latest change; its XML made on first ask. */
type LiveView = {
  revision: number;
  checkedAt: number;
  ids: readonly number[];
  lastmod: number;
  xml?: Promise<EncodedText>;
};

/** One id range's approved stores as of `day` (coupon starts and ends move lastmod by day), patched as they change. */
type Shard = {
  day: string;
  entries: Map<number, SitemapStore>;
  revision: number;
  views: Map<ClientId, LiveView>;
};

/**
 * A shard's bytes in memory: per store its entry (an object of six fields, its Map slot, the slug
 * and subscription as one-byte strings), and per brand the ids it lists and their encodings
 * (gzip and br of a URL with its lastmod take about 16 bytes together).
 */
function shardBytes(shard: Shard): number {
  let bytes = 256;
  for (const entry of shard.entries.values())
    bytes += 96 + entry.slug.length + (entry.subscription?.length ?? 0);
  for (const view of shard.views.values())
    bytes += 64 + 8 * view.ids.length + (view.xml ? 16 * view.ids.length : 0);
  return bytes;
}

export type SitemapDeps = {
  repo: Pick<PublicPagesRepository, 'sitemapStores' | 'lastStoreId'>;
  clock: Clock;
  brandOrigins: Record<ClientId, string>;
  /** Whether a store's page is live at a moment (service.ts's isLive, grace period included). */
  isLive: (store: SitemapStore, now: Date) => boolean;
  budgetBytes: number;
  options: SitemapOptions;
  /** Told when stamping or patching failed (tried again a second later). */
  onError: (error: unknown) => void;
};

/**
 * Each brand's sitemap: an index of shards, shard n listing the brand's live store pages among
 * store ids (n - 1) x size + 1 to n x size, so a store stays in one shard for good and a shard
 * never lists more than `shardSize` pages. A shard's approved stores are read once (one range of
 * the stores' primary key) and then held within a byte budget, patched store by store as the
 * store_changed notifications name them (a batch every `flushMs`), and read again only on a new
 * UTC day. A page's lastmod is its `changed_at`, stamped on the app's clock by the first
 * instance that sees its new version (the patch does it), or the last start or end of one of its
 * coupons. Each brand's shard and index are rendered and compressed once per change and served
 * from memory. While the listener is down nothing is held: every request reads what it shows.
 */
export function sitemaps(deps: SitemapDeps) {
  const { shardSize, flushMs } = deps.options;
  const shards = boundedCache<number, Shard>({ budgetBytes: deps.budgetBytes, sizeOf: shardBytes });
  const loading = new Map<number, { day: string; shard: Promise<Shard>; touched: Set<number> }>();
  const indexes = new Map<ClientId, { key: string; xml: Promise<EncodedText> }>();
  const fixed = new Map<string, Promise<EncodedText>>();
  let enabled = false;
  /** The number of the last shard, once known (a new store's notification moves it on). */
  let lastShard: number | undefined;
  let dirty = new Set<number>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();
  let stopped = false;

  const shardOf = (storeId: number) => Math.floor((storeId - 1) / shardSize) + 1;
  const origin = (client: ClientId) => deps.brandOrigins[client];
  const shardUrl = (client: ClientId, n: number) => `${origin(client)}/sitemaps/stores-${n}.xml`;
  const pagesUrl = (client: ClientId) => `${origin(client)}/sitemaps/pages.xml`;

  function forgetAll(): void {
    shards.clear();
    loading.clear();
    indexes.clear();
    lastShard = undefined;
  }

  function keep(n: number, shard: Shard): void {
    if (enabled) shards.set(n, shard);
  }

  async function readShard(n: number, day: string): Promise<Shard> {
    const rows = await deps.repo.sitemapStores(
      { from: (n - 1) * shardSize + 1, to: n * shardSize },
      day,
      deps.clock.now(),
    );
    return {
      day,
      entries: new Map(rows.map((row) => [row.id, row])),
      revision: 0,
      views: new Map(),
    };
  }

  /** The shard as of `day`: held, being read (shared), or read now (and held while the listener is up). */
  function shard(n: number, day: string): Promise<Shard> {
    const held = shards.peek(n);
    if (enabled && held?.day === day) {
      shards.get(n);
      return Promise.resolve(held);
    }
    const pending = loading.get(n);
    if (enabled && pending?.day === day) return pending.shard;
    const entry = { day, shard: readShard(n, day), touched: new Set<number>() };
    if (!enabled) return entry.shard;
    shards.count(false);
    loading.set(n, entry);
    entry.shard.then(
      (read) => {
        if (loading.get(n) !== entry) return;
        loading.delete(n);
        keep(n, read);
        // Changes named while it was read may predate what it read: patched again.
        for (const id of entry.touched) markDirty(id);
      },
      () => {
        if (loading.get(n) === entry) loading.delete(n);
      },
    );
    return entry.shard;
  }

  /** Which of the shard's pages the brand lists now: kept while nothing changed and the last check is recent. */
  function liveView(held: Shard, client: ClientId, now: Date): LiveView {
    const previous = held.views.get(client);
    if (
      previous?.revision === held.revision &&
      now.getTime() - previous.checkedAt < LIVENESS_RECHECK_MS
    )
      return previous;
    const live = [...held.entries.values()]
      .filter((entry) => entry.client === client && deps.isLive(entry, now))
      .sort((a, b) => a.id - b.id);
    const ids = live.map((entry) => entry.id);
    if (
      previous?.revision === held.revision &&
      previous.ids.length === ids.length &&
      previous.ids.every((id, i) => id === ids[i])
    ) {
      previous.checkedAt = now.getTime();
      return previous;
    }
    const view: LiveView = {
      revision: held.revision,
      checkedAt: now.getTime(),
      ids,
      lastmod: live.reduce((latest, entry) => Math.max(latest, entry.lastmod), 0),
    };
    held.views.set(client, view);
    return view;
  }

  function renderShard(held: Shard, view: LiveView): Promise<EncodedText> {
    const urls = view.ids.map((id) => {
      const entry = held.entries.get(id);
      return entry
        ? `<url><loc>${xmlText(storePageUrl(deps, entry))}</loc>${lastmodTag(entry.lastmod)}</url>\n`
        : '';
    });
    return encodeText(
      `${XML_DECLARATION}<urlset xmlns="${NAMESPACE}">\n${urls.join('')}</urlset>\n`,
      SITEMAP_ENCODING,
    );
  }

  function markDirty(storeId: number): void {
    if (stopped || !Number.isSafeInteger(storeId) || storeId < 1) return;
    dirty.add(storeId);
    const n = shardOf(storeId);
    if (lastShard !== undefined && n > lastShard) lastShard = n;
    loading.get(n)?.touched.add(storeId);
    schedule(flushMs);
  }

  /** A patch of what is named, `delay` ms from now unless one is due already. */
  function schedule(delay: number): void {
    if (timer || stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, delay);
    timer.unref();
  }

  /** Stamps the named stores' pages and patches the held shards with what they are now. */
  async function patch(ids: number[]): Promise<void> {
    const now = deps.clock.now();
    const day = isoDate(now);
    try {
      const rows = new Map(
        (await deps.repo.sitemapStores({ ids }, day, now)).map((row) => [row.id, row]),
      );
      const patched = new Map<number, Shard>();
      for (const id of ids) {
        const n = shardOf(id);
        const held = shards.peek(n);
        if (held?.day !== day) continue;
        const row = rows.get(id);
        if (row) held.entries.set(id, row);
        else held.entries.delete(id);
        held.revision += 1;
        patched.set(n, held);
      }
      // Each patched shard's size counted again once.
      for (const [n, held] of patched) keep(n, held);
    } catch (error) {
      for (const id of ids) dirty.add(id);
      deps.onError(error);
      schedule(Math.max(flushMs, RETRY_MS));
    }
  }

  /** Patches what was named so far, after any patch under way. */
  function flush(): Promise<void> {
    flushing = flushing.then(async () => {
      if (dirty.size === 0) return;
      const ids = [...dirty];
      dirty = new Set();
      await patch(ids);
    });
    return flushing;
  }

  const storeCache: StoreCache = {
    dropStore: (storeId) => {
      if (enabled) markDirty(storeId);
    },
    clear: forgetAll,
    // A write through this instance is followed at its notification, a moment later: held shards are patched then.
    wroteHere: () => undefined,
    setEnabled: (on) => {
      enabled = on;
      forgetAll();
    },
  };

  function fixedText(key: string, make: () => string): Promise<EncodedText> {
    let text = fixed.get(key);
    if (!text) {
      text = encodeText(make(), SITEMAP_ENCODING);
      fixed.set(key, text);
    }
    return text;
  }

  return {
    storeCache,
    flush,
    /** Stops patching (the app closes) after the patch under way. */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await flushing;
    },
    stats: shards.stats,

    /** The brand's sitemap index: its pages' sitemap, then every shard that lists one of its pages, with the shard's lastmod. */
    async index(client: ClientId): Promise<EncodedText> {
      const now = deps.clock.now();
      const day = isoDate(now);
      const last = lastShard ?? shardOf((await deps.repo.lastStoreId()) || 1);
      if (enabled) lastShard = Math.max(lastShard ?? 0, last);
      const listed: { n: number; lastmod: number }[] = [];
      for (let n = 1; n <= last; n += 1) {
        const view = liveView(await shard(n, day), client, now);
        if (view.ids.length > 0) listed.push({ n, lastmod: view.lastmod });
      }
      const key = listed.map(({ n, lastmod }) => `${n}:${lastmod}`).join(',');
      const held = indexes.get(client);
      if (held?.key === key) return held.xml;
      const entries = [`<sitemap><loc>${xmlText(pagesUrl(client))}</loc></sitemap>\n`].concat(
        listed.map(
          ({ n, lastmod }) =>
            `<sitemap><loc>${xmlText(shardUrl(client, n))}</loc>${lastmodTag(lastmod)}</sitemap>\n`,
        ),
      );
      const xml = encodeText(
        `${XML_DECLARATION}<sitemapindex xmlns="${NAMESPACE}">\n${entries.join('')}</sitemapindex>\n`,
        SITEMAP_ENCODING,
      );
      if (enabled) indexes.set(client, { key, xml });
      return xml;
    },

    /** Shard n of the brand, or undefined (a 404) when it lists none of the brand's pages. */
    async shard(client: ClientId, n: number): Promise<EncodedText | undefined> {
      if (!Number.isSafeInteger(n) || n < 1 || (n - 1) * shardSize + 1 > 2_147_483_647)
        return undefined;
      const now = deps.clock.now();
      const held = await shard(n, isoDate(now));
      const view = liveView(held, client, now);
      if (view.ids.length === 0) return undefined;
      if (!view.xml) {
        view.xml = renderShard(held, view);
        // Its size now counts its encodings too.
        keep(n, held);
      }
      return view.xml;
    },

    /** The brand's pages other than the stores': its landing page. */
    pages: (client: ClientId): Promise<EncodedText> =>
      fixedText(
        `pages:${client}`,
        () =>
          `${XML_DECLARATION}<urlset xmlns="${NAMESPACE}">\n<url><loc>${xmlText(`${origin(client)}/`)}</loc></url>\n</urlset>\n`,
      ),

    /** The brand's robots.txt: the public pages allowed, the merchant centre's own and the server's private addresses not, and the sitemap named. */
    robots: (client: ClientId): Promise<EncodedText> =>
      fixedText(`robots:${client}`, () => robotsTxt(`${origin(client)}/sitemap.xml`)),
  };
}
export type Sitemaps = ReturnType<typeof sitemaps>;

/**
 * What crawlers may fetch: the landing page, sign-in and registration, and the store pages; not
 * the merchant centre's signed-in screens and one-time links, the API, checkout, the staff
 * console, uploads' private paths, the store pages' click redirects or staff previews.
 */
const DISALLOWED = [
  '/api/',
  '/checkout/',
  '/review',
  '/metrics',
  '/dev/',
  '/auth/',
  '/logout',
  '/my-store',
  '/coupons',
  '/insights',
  '/payment',
  '/account',
  '/stores/*/go/',
  '/*?preview=',
];

export function robotsTxt(sitemapUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${sitemapUrl}`,
    '',
  ].join('\n');
}
