import { execFile, execSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, expect, it } from 'vitest';
import type { AuthTokens, Store } from '@cc/contract';
import { billingSubscriptions } from '../src/billing/schema';
import { DEFAULT_SITEMAP, SITEMAP_URL_LIMIT } from '../src/public-pages/sitemap';
import {
  call,
  dayOffset,
  describeEachDatabase,
  markVerified,
  merchantWithStore,
  secondInstance,
  storeBody,
  uniqueEmail,
  until,
} from './helpers';
import { liveStore, staffToken, subscribe } from './review-fixtures';

const run = promisify(execFile);
const DAY = 24 * 3600 * 1000;
/** Three stores per shard, so a few stores cross a shard's boundary as 50,000 would. */
const SHARD_SIZE = 3;
const ORIGIN = {
  7: 'http://localhost:4007',
  8: 'http://localhost:4008',
  10: 'http://localhost:4010',
} as const;
type Brand = keyof typeof ORIGIN;

/** Debian's xmllint (libxml2-utils), installed when missing, as the other tests install their Debian tools. */
function ensureXmllint(): void {
  if (existsSync('/usr/bin/xmllint')) return;
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  execSync(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libxml2-utils`,
    { stdio: 'inherit' },
  );
}

/**
 * The sitemaps.org schemas: the urlset's is the `sitemap` package's copy of sitemap.xsd. That package
 * ships no siteindex.xsd, so the index's is declared here as siteindex.xsd declares it (a
 * sitemapindex of one or more sitemap elements, each a loc and an optional lastmod) over the same
 * file's own tLoc and tLastmod types.
 */
const folder = mkdtempSync(join(tmpdir(), 'cc-sitemap-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const URLSET_XSD = join(
  dirname(createRequire(import.meta.url).resolve('sitemap/package.json')),
  'schema',
  'sitemap.xsd',
);
const INDEX_XSD = join(folder, 'siteindex.xsd');
writeFileSync(
  INDEX_XSD,
  `<?xml version="1.0" encoding="UTF-8"?>
<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema" targetNamespace="http://www.sitemaps.org/schemas/sitemap/0.9"
  xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" elementFormDefault="qualified">
  <xsd:include schemaLocation="${URLSET_XSD}"/>
  <xsd:element name="sitemapindex"><xsd:complexType><xsd:sequence>
    <xsd:element name="sitemap" maxOccurs="unbounded"><xsd:complexType><xsd:all>
      <xsd:element name="loc" type="tLoc"/><xsd:element name="lastmod" type="tLastmod" minOccurs="0"/>
    </xsd:all></xsd:complexType></xsd:element>
  </xsd:sequence></xsd:complexType></xsd:element>
</xsd:schema>
`,
);

let files = 0;
/** Validates the XML with xmllint against the schema; fails the test with xmllint's message otherwise. */
async function validate(xml: string, schema: string): Promise<void> {
  ensureXmllint();
  files += 1;
  const file = join(folder, `answer-${files}.xml`);
  writeFileSync(file, xml);
  const result = await run('xmllint', ['--noout', '--schema', schema, file]).catch(
    (error: { stderr: string }) => ({ stderr: error.stderr, failed: true }),
  );
  expect('failed' in result ? result.stderr : '').toBe('');
}

/** Each element's text by tag, from a document xmllint accepted. */
const texts = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((match) => match[1] ?? '');

type Listed = { loc: string; lastmod: string | undefined };
const listed = (xml: string, element: 'url' | 'sitemap'): Listed[] =>
  [...xml.matchAll(new RegExp(`<${element}>(.*?)</${element}>`, 'gs'))].map((match) => ({
    loc: texts(match[1] ?? '', 'loc')[0] ?? '',
    lastmod: texts(match[1] ?? '', 'lastmod')[0],
  }));

/** A W3C datetime to the second, as the sitemaps write them. */
const w3c = (moment: Date) => moment.toISOString().replace(/\.\d{3}Z$/, 'Z');

describeEachDatabase(
  'sitemaps, robots.txt and canonical links: what search engines find',
  (ctx) => {
    const get = (url: string, brand: Brand = 7, headers: Record<string, string> = {}) =>
      call(ctx().app, 'GET', url, { headers: { 'x-site-key': String(brand), ...headers } });

    /**
     * The brand's index (validated), and every shard it lists (each validated). A shard whose last
     * page stopped being live between the index and its own read answers 404, as a crawler reading a
     * moment later would find it: then the index is read again (at most three times).
     */
    async function crawl(
      brand: Brand = 7,
      attempts = 3,
    ): Promise<{ index: Listed[]; shards: Map<string, Listed[]>; urls: Listed[] }> {
      const answer = await get('/sitemap.xml', brand);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('application/xml; charset=utf-8');
      await validate(answer.body, INDEX_XSD);
      const index = listed(answer.body, 'sitemap');
      const shards = new Map<string, Listed[]>();
      for (const { loc } of index) {
        expect(loc.startsWith(`${ORIGIN[brand]}/sitemaps/`)).toBe(true);
        const shard = await get(new URL(loc).pathname, brand);
        if (shard.statusCode === 404 && attempts > 1) return crawl(brand, attempts - 1);
        expect(shard.statusCode).toBe(200);
        await validate(shard.body, URLSET_XSD);
        shards.set(loc, listed(shard.body, 'url'));
      }
      return { index, shards, urls: [...shards.values()].flat() };
    }
    const pageUrl = (store: Pick<Store, 'slug'>, brand: Brand = 7) =>
      `${ORIGIN[brand]}/stores/${store.slug}`;
    const lastmodOf = async (store: Pick<Store, 'slug'>) =>
      (await crawl()).urls.find((url) => url.loc === pageUrl(store))?.lastmod;

    /** A PromoPulse merchant's store, approved and paid. */
    async function promoLiveStore(app: FastifyInstance, staff: string): Promise<Store> {
      const email = uniqueEmail('promo');
      const registered = await call(app, 'POST', '/api/v1/auth/email-register/', {
        headers: { 'x-site-key': '8' },
        body: {
          email,
          password: 'shop-secret-123',
          siteId: 8,
          type: 2,
          first_name: 'N/A',
          last_name: 'N/A',
        },
      });
      expect(registered.statusCode, registered.body).toBe(201);
      await markVerified(app, email, 8);
      const body = storeBody();
      const created = await call(app, 'POST', '/api/v1/stores/', {
        token: registered.json<AuthTokens>().token,
        headers: { 'x-site-key': '8' },
        body: {
          ...body,
          client: 8,
          location: 'us',
          slug: body.slug.replace(/-voucher-codes$/, '-promo-codes'),
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const store = created.json<Store>();
      await subscribe(app, store.id, 'active');
      await call(app, 'POST', `/api/v1/review/stores/${store.id}/approve/`, { token: staff });
      return store;
    }

    it('a brand without live pages has a valid index naming only its pages sitemap, which lists its landing page', async () => {
      const { index, urls } = await crawl(10);
      expect(index).toEqual([{ loc: `${ORIGIN[10]}/sitemaps/pages.xml`, lastmod: undefined }]);
      expect(urls).toEqual([{ loc: `${ORIGIN[10]}/`, lastmod: undefined }]);
      expect((await get('/sitemaps/stores-1.xml', 10)).statusCode).toBe(404);
    });

    it('lists exactly the live pages of the brand asked, at its own address, in shards of at most the shard size', async () => {
      const { app } = ctx();
      const staff = await staffToken(app);
      const live = [(await liveStore(app, staff)).store, (await liveStore(app, staff)).store];
      const promo = await promoLiveStore(app, staff);
      const pending = (await merchantWithStore(app)).store;
      await subscribe(app, pending.id, 'active');
      const unpaid = (await merchantWithStore(app)).store;
      await call(app, 'POST', `/api/v1/review/stores/${unpaid.id}/approve/`, { token: staff });
      const declined = (await merchantWithStore(app)).store;
      await subscribe(app, declined.id, 'active');
      await call(app, 'POST', `/api/v1/review/stores/${declined.id}/decline/`, {
        token: staff,
        body: { reason: 'No' },
      });
      const cancelled = (await merchantWithStore(app)).store;
      await subscribe(app, cancelled.id, 'canceled');
      await call(app, 'POST', `/api/v1/review/stores/${cancelled.id}/approve/`, { token: staff });

      const uk = await until(crawl, ({ urls }) =>
        live.every((store) => urls.some((url) => url.loc === pageUrl(store))),
      );
      const locs = uk.urls.map((url) => url.loc);
      expect(locs).toEqual(
        expect.arrayContaining([`${ORIGIN[7]}/`, ...live.map((store) => pageUrl(store))]),
      );
      for (const hidden of [pending, unpaid, declined, cancelled])
        expect(locs).not.toContain(pageUrl(hidden));
      expect(locs.filter((loc) => loc.includes(promo.slug))).toEqual([]);
      expect(locs.every((loc) => loc.startsWith(`${ORIGIN[7]}/`))).toBe(true);

      // Shard n holds the stores with ids (n - 1) x 3 + 1 to n x 3: never more than three, and a store stays in its own.
      for (const store of live) {
        const n = Math.floor((store.id - 1) / SHARD_SIZE) + 1;
        expect(
          uk.shards.get(`${ORIGIN[7]}/sitemaps/stores-${n}.xml`)?.map((url) => url.loc),
        ).toContain(pageUrl(store));
      }
      for (const [loc, urls] of uk.shards)
        if (loc.includes('/stores-')) expect(urls.length).toBeLessThanOrEqual(SHARD_SIZE);
      // The index's lastmod of a shard is the latest of its pages'.
      for (const { loc, lastmod } of uk.index.filter((entry) => entry.loc.includes('/stores-'))) {
        const latest = (uk.shards.get(loc) ?? [])
          .map((url) => url.lastmod ?? '')
          .sort()
          .at(-1);
        expect(lastmod).toBe(latest);
      }

      const us = await crawl(8);
      expect(us.urls.map((url) => url.loc)).toEqual([`${ORIGIN[8]}/`, pageUrl(promo, 8)]);
    });

    it("moves a page's lastmod to the moment its coupon changed, and to the day a coupon ends", async () => {
      const { app, clock } = ctx();
      const staff = await staffToken(app);
      const { token, store, couponIds } = await liveStore(app, staff, [
        { expiration_date: dayOffset(clock, 2) },
      ]);
      await until(
        () => lastmodOf(store),
        (lastmod) => lastmod !== undefined,
      );

      clock.advance(60_000);
      const changedAt = clock.now();
      const edited = await call(app, 'PATCH', `/api/v1/coupons/${couponIds[0]}/`, {
        token,
        body: { description: '30% off everything' },
      });
      expect(edited.statusCode).toBe(200);
      expect(
        await until(
          () => lastmodOf(store),
          (lastmod) => lastmod === w3c(changedAt),
        ),
      ).toBe(w3c(changedAt));

      // The coupon's last day is two days on; the page changes as the day after begins.
      clock.advance(3 * DAY);
      expect(await lastmodOf(store)).toBe(`${dayOffset(clock, 0)}T00:00:00Z`);
    });

    const second = secondInstance(ctx);

    it('another instance, holding its shards, follows a change made through the first at its notification', async () => {
      const { app, clock } = ctx();
      const staff = await staffToken(app);
      const { token, store, couponIds } = await liveStore(app, staff);
      // The second instance has shards of 50,000 store ids: every store here is in its first.
      const held = async () =>
        (await call(second(), 'GET', '/sitemaps/stores-1.xml', { headers: { 'x-site-key': '7' } }))
          .body;
      await until(held, (xml) => xml.includes(`<loc>${pageUrl(store)}</loc>`));
      clock.advance(60_000);
      const changedAt = clock.now();
      const edited = await call(app, 'PATCH', `/api/v1/coupons/${couponIds[0]}/`, {
        token,
        body: { description: '40% off everything' },
      });
      expect(edited.statusCode).toBe(200);
      const entry = `<url><loc>${pageUrl(store)}</loc><lastmod>${w3c(changedAt)}</lastmod></url>`;
      expect(await until(held, (xml) => xml.includes(entry), 5_000)).toContain(entry);
    });

    it('drops a page that stops being live: cancelled at once, past_due when its grace period ends', async () => {
      const { app, clock } = ctx();
      const staff = await staffToken(app);
      const { store } = await liveStore(app, staff);
      await until(crawl, ({ urls }) => urls.some((url) => url.loc === pageUrl(store)));
      await app.db
        .update(billingSubscriptions)
        .set({ status: 'canceled', canceledAt: clock.now() })
        .where(eq(billingSubscriptions.storeId, store.id));
      const after = await until(
        crawl,
        ({ urls }) => !urls.some((url) => url.loc === pageUrl(store)),
      );
      expect(after.urls.map((url) => url.loc)).not.toContain(pageUrl(store));

      const late = (await merchantWithStore(app)).store;
      await subscribe(app, late.id, 'past_due', {
        periodEnd: new Date(clock.now().getTime() - 6 * DAY),
      });
      await call(app, 'POST', `/api/v1/review/stores/${late.id}/approve/`, { token: staff });
      await until(crawl, ({ urls }) => urls.some((url) => url.loc === pageUrl(late)));
      // No write: the grace period's end alone takes it out, within the minute a held shard rechecks.
      clock.advance(DAY + 61_000);
      expect((await crawl()).urls.map((url) => url.loc)).not.toContain(pageUrl(late));
    });

    it('answers the index and a shard with an ETag, 304 when unchanged, cached briefly by shared caches', async () => {
      const index = await get('/sitemap.xml', 7, { 'accept-encoding': 'gzip' });
      expect(index.headers['content-encoding']).toBe('gzip');
      expect(index.headers['cache-control']).toBe(
        'public, max-age=0, s-maxage=2, stale-while-revalidate=2',
      );
      const again = await get('/sitemap.xml', 7, {
        'accept-encoding': 'gzip',
        'if-none-match': String(index.headers.etag),
      });
      expect(again.statusCode).toBe(304);
      const shard =
        (await crawl()).index.find((entry) => entry.loc.includes('/stores-'))?.loc ?? '';
      const first = await get(new URL(shard).pathname);
      expect(
        (await get(new URL(shard).pathname, 7, { 'if-none-match': String(first.headers.etag) }))
          .statusCode,
      ).toBe(304);
      expect((await get('/sitemaps/stores-0.xml')).statusCode).toBe(404);
      expect((await get('/sitemaps/other.xml')).statusCode).toBe(404);
    });

    it("robots.txt names the brand's own sitemap and keeps crawlers out of the private addresses", async () => {
      for (const brand of [7, 8, 10] as const) {
        const robots = await get('/robots.txt', brand);
        expect(robots.statusCode).toBe(200);
        expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
        expect(robots.body).toContain(`Sitemap: ${ORIGIN[brand]}/sitemap.xml\n`);
        expect(robots.body).toMatch(/^User-agent: \*\nAllow: \/\n/);
        for (const path of [
          '/api/',
          '/checkout/',
          '/review',
          '/my-store',
          '/coupons',
          '/stores/*/go/',
          '/*?preview=',
        ]) {
          expect(robots.body).toContain(`\nDisallow: ${path}\n`);
        }
        expect(robots.body).not.toContain('Disallow: /stores/\n');
      }
    });

    it("gives every live page a canonical link to its own brand's address, and a staff preview none", async () => {
      const { app } = ctx();
      const staff = await staffToken(app);
      const { store } = await liveStore(app, staff);
      const page = await get(`/stores/${store.slug}`);
      expect(page.body).toContain(`<link rel="canonical" href="${pageUrl(store)}"/>`);
      // Asked for on another brand's address, it still names its own.
      expect((await get(`/stores/${store.slug}`, 8)).body).toContain(
        `<link rel="canonical" href="${pageUrl(store)}"/>`,
      );
      const promo = await promoLiveStore(app, staff);
      expect((await get(`/stores/${promo.slug}`, 8)).body).toContain(
        `<link rel="canonical" href="${pageUrl(promo, 8)}"/>`,
      );

      const { store: pending } = await merchantWithStore(app);
      const entry = (
        await call(app, 'GET', `/api/v1/review/stores/${pending.id}/`, { token: staff })
      ).json<{ preview_url: string }>();
      const preview = await call(app, 'GET', entry.preview_url);
      expect(preview.statusCode).toBe(200);
      expect(preview.body).toContain('<meta name="robots" content="noindex, nofollow"/>');
      expect(preview.body).not.toContain('rel="canonical"');
    });

    it('keeps the protocol limit of 50,000 URLs per shard by default', () => {
      expect(DEFAULT_SITEMAP.shardSize).toBe(SITEMAP_URL_LIMIT);
      expect(SITEMAP_URL_LIMIT).toBe(50_000);
    });
  },
  { env: { sitemap: { shardSize: SHARD_SIZE, flushMs: 0 } } },
);
