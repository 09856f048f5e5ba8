// `BENCH_SCALE=1 pnpm bench` (or `pnpm --filter @cc/server bench:scale`): the routes of `pnpm bench`
// at scale, on PostgreSQL only. For each size (BENCH_SCALE_SIZES=stores:coupons,..., default
// 1000:10000,100000:1000000): a scratch database, seed:scale, VACUUM ANALYZE, the built server on it,
// BENCH_SCALE_STORES live stores drawn at random (default 1,000: the issue's "requests spread over
// 1,000 stores"; 0 takes every live store), BENCH_SCALE_TOKENS of their merchants (default: all of
// them, or 300 with every live store; spread over the brands as the seed spreads them) signed in
// through the login endpoint, then every route with each request choosing a random one of those
// merchants or stores: once right after start (caches cold) and once more after every one of those
// pages, lists and /auth/me/ answers was asked for once (warm). Reports req/s,
// p50, p99, the share of the same pass's bare route, and the server's RSS (VmRSS of the child: the
// peak while a route ran), then the caches' bytes and hit ratios from /metrics. The scratch
// database is dropped.
// Here only: the legacy Merchant/List (a random page of a random brand), and the sitemaps (a random brand's
// index, a random brand's shard). BENCH_SCALE_ROUTES=review,list runs only the routes named (coupons, me,
// page, review, list, sitemap, shard); the targets table needs the first four.
// BENCH_SCALE_DATABASE=<name> (with one size in BENCH_SCALE_SIZES): a database seed:scale filled
// before, used instead of a scratch one and not dropped. The server starts with the heap cap
// production is told to use (--max-old-space-size: CACHE_BUDGET_MB + 64, docs/operations.md);
// BENCH_SERVER_FLAGS replaces it (e.g. --cpu-prof; empty: V8's own default heap). What the scale benches share is in scale-shared.mjs; BENCH_SCALE=pglite measures
// the merchant routes on PGlite (scale-pglite.mjs).
// Before the passes it waits until the server has made every store page (seed:scale leaves them all
// unmade; the server's page maker catches up at start) and reports how long that took, then vacuums
// the made pages: the passes measure the steady state, where a request never renders.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
/** @import { BenchRoute, Size } from './scale-shared.mjs' */
import { BROWSER, pgUrl, staffSignIn, stopServer } from './server.mjs';
import {
  cacheFigures,
  cacheLine,
  connections,
  duration,
  every,
  mb,
  PAYING_STORE,
  pass,
  pick,
  rssBytes,
  scaleSizes,
  seedScale,
  signIn,
  sizeLabel as label,
  startScaleServer,
  storeSpread,
  tokenCount,
  warmUp,
} from './scale-shared.mjs';

const sizes = scaleSizes('1000:10000,100000:1000000');
const CACHE_BUDGET_MB = Number(process.env.CACHE_BUDGET_MB || 128);
/** BENCH_SCALE_ROUTES=coupons,me,page,review,list: only these routes (default: all). */
const routeNames = (process.env.BENCH_SCALE_ROUTES || '').split(',').filter(Boolean);
/**
 * Each brand's number of 20-merchant pages of Merchant/List, set once the database is seeded.
 * @type {{ client: number, pages: number }[]}
 */
let LIST_PAGES = [];
/**
 * Every brand's sitemap shards (client, n): store ids (n - 1) x 50,000 + 1 to n x 50,000, set once the database is seeded.
 * @type {{ client: number, n: number }[]}
 */
let SHARDS = [];
/** What a crawler sends: Googlebot and Bingbot take gzip. */
const CRAWLER = { 'accept-encoding': 'gzip' };
const port = 4800;

/**
 * @param {{ token: string, client: number, slug: string }[]} merchants signed in
 * @param {string[]} liveSlugs
 * @param {string} staffToken
 * @returns {BenchRoute[]}
 */
function routes(merchants, liveSlugs, staffToken) {
  const bearer = (/** @type {string} */ token) => ({ authorization: `Bearer ${token}` });
  return [
    {
      name: 'coupons',
      route: "GET /api/v1/coupons (a random merchant's own store)",
      ...every(merchants, (m) => ({
        path: `/api/v1/coupons/?store_slug=${m.slug}&client=${m.client}&include_scheduled=1`,
        headers: { ...bearer(m.token), 'x-site-key': String(m.client) },
      })),
    },
    {
      name: 'me',
      route: 'GET /api/v1/auth/me/ (a random merchant)',
      ...every(merchants, (m) => ({
        path: '/api/v1/auth/me/',
        headers: { ...bearer(m.token), 'x-site-key': String(m.client) },
      })),
    },
    {
      name: 'page',
      route: 'GET /stores/{slug} (a random one of the live stores, br)',
      ...every(liveSlugs, (slug) => ({ path: `/stores/${slug}`, headers: BROWSER })),
    },
    {
      name: 'review',
      route: 'GET /api/v1/review/stores/ (staff, first page)',
      next: () => ({ path: '/api/v1/review/stores/', headers: bearer(staffToken) }),
    },
    {
      name: 'list',
      route: 'GET /api/Merchant/List (a random brand, a random page of 20)',
      next: () => {
        const client = pick(LIST_PAGES);
        return {
          path: `/api/Merchant/List?page=${1 + Math.floor(Math.random() * client.pages)}`,
          headers: { 'x-site-key': String(client.client) },
        };
      },
    },
    {
      name: 'sitemap',
      route: "GET /sitemap.xml (a random brand's index, gzip as crawlers ask)",
      ...every([7, 8, 10], (client) => ({
        path: '/sitemap.xml',
        headers: { ...CRAWLER, 'x-site-key': String(client) },
      })),
    },
    {
      name: 'shard',
      route: 'GET /sitemaps/stores-{n}.xml (a random brand and shard of 50,000 store ids, gzip)',
      ...every(SHARDS, ({ client, n }) => ({
        path: `/sitemaps/stores-${n}.xml`,
        headers: { ...CRAWLER, 'x-site-key': String(client) },
      })),
    },
  ].filter((r) => routeNames.length === 0 || routeNames.includes(r.name));
}

/**
 * Waits until no store page is left to make (the server's catch-up at start); answers the seconds it took.
 * @param {pg.Client} db
 * @returns {Promise<number>}
 */
async function pagesMade(db) {
  const started = performance.now();
  for (;;) {
    const { rows } = await db.query(
      'select count(*)::int as unmade from store_page_versions where made_version <> version',
    );
    if (rows[0].unmade === 0) return (performance.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * @param {pg.Client} admin
 * @param {Size} size
 */
async function benchSize(admin, size) {
  // BENCH_SCALE_DATABASE: a database seed:scale already filled at this size, used as it is and kept.
  const kept = process.env.BENCH_SCALE_DATABASE;
  const database = kept || `cc_bench_scale_${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'cc-bench-scale-'));
  if (!kept) await admin.query(`CREATE DATABASE ${database}`);
  const url = new URL(pgUrl);
  url.pathname = `/${database}`;
  const env = { DATABASE_URL: url.toString(), DATA_DIR: dataDir };
  let server;
  const db = new pg.Client({ connectionString: url.toString() });
  try {
    const seedSeconds = kept ? 0 : await seedScale(size, env);
    await db.connect();
    // Vacuumed as well as analysed: otherwise autovacuum works through the million new rows while the routes are measured.
    await db.query('VACUUM ANALYZE');
    server = await startScaleServer(env, port);
    const base = `http://127.0.0.1:${port}`;
    const startRss = rssBytes(server.pid);
    const makeSeconds = await pagesMade(db);
    await db.query('VACUUM ANALYZE store_pages, store_page_versions');
    // Verified merchants of approved stores that pay, in random order (so spread over the brands as seeded).
    const { rows: live } = await db.query(
      `select s.client, count(*)::int as stores from stores s where ${PAYING_STORE} group by s.client`,
    );
    const liveStores = live.reduce((sum, r) => sum + r.stores, 0);
    const {
      rows: [{ shards }],
    } = await db.query('select ceil(coalesce(max(id), 1) / 50000.0)::int as shards from stores');
    SHARDS = [7, 8, 10].flatMap((client) =>
      Array.from({ length: shards }, (_, i) => ({ client, n: i + 1 })),
    );
    LIST_PAGES = [7, 8, 10].map((client) => ({
      client,
      pages: Math.max(1, Math.ceil((live.find((r) => r.client === client)?.stores ?? 0) / 20)),
    }));
    // The stores the requests are spread over: live ones with a verified merchant, so any of them can sign in.
    const { rows: spread } = await db.query(
      `select u.email, u.client, s.slug from users u join stores s on s.user_id = u.id
       where u.email like 'merchant%@scale.%' and u.email_verified and ${PAYING_STORE} order by random()${storeSpread > 0 ? ' limit $1' : ''}`,
      storeSpread > 0 ? [storeSpread] : [],
    );
    const chosen = spread.slice(0, tokenCount);
    const signStarted = performance.now();
    const merchants = await signIn(base, chosen);
    const signSeconds = (performance.now() - signStarted) / 1000;
    const staffToken = await staffSignIn(base);
    const list = routes(
      merchants,
      spread.map((r) => r.slug),
      staffToken,
    );
    const cold = await pass(base, server.pid, list, 'cold');
    await warmUp(base, list);
    const rows = [...cold, ...(await pass(base, server.pid, list, 'warm'))];
    const caches = await cacheFigures(base);
    /** @type {Record<number, number>} */
    const byBrand = {};
    for (const m of merchants) byBrand[m.client] = (byBrand[m.client] ?? 0) + 1;
    return {
      size,
      rows,
      caches,
      startRss,
      endRss: rssBytes(server.pid),
      seedSeconds,
      makeSeconds,
      signSeconds,
      byBrand,
      liveStores,
      spread: spread.length,
    };
  } finally {
    if (server) await stopServer(server);
    await db.end().catch(() => undefined);
    if (!kept) await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const admin = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 2000 });
await admin.connect();
/** @type {Awaited<ReturnType<typeof benchSize>>[]} */
const results = [];
try {
  for (const size of sizes) {
    console.log(`\nScale bench: ${size.stores} stores, ${size.coupons} coupons`);
    results.push(await benchSize(admin, size));
  }
} finally {
  await admin.end().catch(() => undefined);
}

console.log(
  `\nScale bench: PostgreSQL, autocannon at ${connections} connections, ${duration} s per route and pass; each request picks one of ` +
    `${tokenCount} signed-in merchants (or, for the page, one of ${storeSpread > 0 ? storeSpread.toLocaleString('en-GB') : 'all the'} live stores, theirs among them); cold: first pass after start, warm: the second, after each page, list and /auth/me/ of the spread was asked for once; ` +
    `vs bare: against the mean of the same pass's two bare runs; RSS: the server's peak VmRSS during the run\n`,
);
console.log(
  '| stores / coupons | pass | route | req/s | p50 (ms) | p99 (ms) | vs bare | peak RSS (MB) |',
);
console.log('| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |');
for (const result of results) {
  for (const row of result.rows) {
    console.log(
      `| ${label(result.size)} | ${row.pass} | ${row.route} | ${Math.round(row.rps)} | ${row.p50} | ${row.p99} | ${Math.round(row.share * 100)}% | ${mb(row.rss)} |`,
    );
  }
}
console.log(
  '\n| stores / coupons | seed (s) | pages made at start (s) | live stores (requests spread over) | merchants signed in (by client) | sign-in (s) | RSS after start / at end (MB) | cache bytes (MB) and hit ratio at end |',
);
console.log('| --- | ---: | ---: | ---: | --- | ---: | ---: | --- |');
for (const r of results) {
  const brands = Object.entries(r.byBrand)
    .map(([client, count]) => `${client}: ${count}`)
    .join(', ');
  console.log(
    `| ${label(r.size)} | ${r.seedSeconds.toFixed(0)} | ${r.makeSeconds.toFixed(0)} | ${r.liveStores} (${r.spread}) | ${brands} | ${r.signSeconds.toFixed(1)} | ${mb(r.startRss)} / ${mb(r.endRss)} | ${cacheLine(r.caches)} |`,
  );
}

// The public page made on write: cold (spread over the live stores, right after start) against bare and the warm pass.
for (const result of results) {
  const page = (/** @type {string} */ pass) =>
    result.rows.find((row) => row.pass === pass && row.name === 'page');
  const [cold, warm] = [page('cold'), page('warm')];
  if (!cold || !warm) continue;
  console.log(
    `\npublic page at ${label(result.size)}, cold: ${Math.round(cold.share * 100)}% of bare (target 70%), ` +
      `p99 ${cold.p99} ms against ${warm.p99} ms warm (target within 1.5x: ${cold.p99 <= 1.5 * Math.max(warm.p99, 1) ? 'met' : 'missed'})`,
  );
}

// The targets, on the warm pass: the smallest size against the largest.
const measuredAll = ['coupons', 'page', 'me', 'review'].every(
  (name) => routeNames.length === 0 || routeNames.includes(name),
);
const [small] = results;
const large = results.at(-1);
if (small && large && results.length >= 2 && measuredAll) {
  /**
   * @param {(typeof results)[number]} result
   * @param {string} name
   */
  const warm = (result, name) => {
    const row = result.rows.find(
      (candidate) => candidate.pass === 'warm' && candidate.name === name,
    );
    if (!row) throw new Error(`no warm pass of ${name}`);
    return row;
  };
  const peakRss = Math.max(...large.rows.map((row) => row.rss));
  const checks = [
    [
      `coupon list p99 at ${label(large.size)} within 1.2x of ${label(small.size)}`,
      `${warm(large, 'coupons').p99} vs ${warm(small, 'coupons').p99} ms`,
      warm(large, 'coupons').p99 <= 1.2 * Math.max(warm(small, 'coupons').p99, 1),
    ],
    [
      'coupon list >= 50% of bare',
      `${Math.round(warm(large, 'coupons').share * 100)}%`,
      warm(large, 'coupons').share >= 0.5,
    ],
    [
      'public page >= 70% of bare',
      `${Math.round(warm(large, 'page').share * 100)}%`,
      warm(large, 'page').share >= 0.7,
    ],
    [
      '/auth/me/ >= 40% of bare',
      `${Math.round(warm(large, 'me').share * 100)}%`,
      warm(large, 'me').share >= 0.4,
    ],
    [
      'review queue first page p99 <= 20 ms',
      `${warm(large, 'review').p99} ms`,
      warm(large, 'review').p99 <= 20,
    ],
    [
      `RSS under the cache budget + 150 MB (${CACHE_BUDGET_MB + 150} MB)`,
      `${mb(peakRss)} MB peak`,
      mb(peakRss) < CACHE_BUDGET_MB + 150,
    ],
  ];
  console.log(`\n| target (warm pass, ${label(large.size)}) | measured | met |`);
  console.log('| --- | ---: | --- |');
  for (const [target, measured, met] of checks)
    console.log(`| ${target} | ${measured} | ${met ? 'yes' : 'no'} |`);
}
