// `BENCH_SCALE=pglite pnpm bench`: every GET route of a signed-in merchant (merchant-routes.mjs) on
// PGlite, the embedded default, at scale, against the target "every merchant route >= 1,000 req/s
// at 1,000 stores". For each size (BENCH_SCALE_SIZES=stores:coupons,..., default 1000:10000): a
// fresh PGlite data folder, seed:scale into it (DATA_DIR, no DATABASE_URL), the built server on
// that folder, BENCH_SCALE_STORES live stores (approved, paying, with a verified merchant) drawn at
// random (default 1,000; with 1,000 stores that is every one of them, about 540; 0: all),
// BENCH_SCALE_TOKENS of their merchants signed in (default: all of them), every route asked for
// once per merchant (caches and JIT warm; any answer but 2xx fails the bench), then BENCH_ROUNDS
// rounds (default 3) of bare, every route, bare, the order turning each round, each request a
// random one of those merchants. Reports the medians over the rounds of req/s, p50, p99 and the
// share of the same round's bare route (/api/v1/health/), the server's peak RSS (VmRSS, PGlite
// included: it runs inside the server), a line per route saying whether it meets 1,000 req/s, and
// the caches' figures from /metrics. BENCH_SCALE_ROUTES=me,coupons runs only the routes named
// (names in merchant-routes.mjs). BENCH_DURATION (s per run, default 5), BENCH_CONNECTIONS
// (default 10) as in `pnpm bench`; the server's heap cap and BENCH_SERVER_FLAGS as in scale.mjs.
// The data folder is deleted at the end.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
/** @import { PassRow, Size } from './scale-shared.mjs' */
import { merchantRoutes } from './merchant-routes.mjs';
import { median, stopServer } from './server.mjs';
import {
  cacheFigures,
  cacheLine,
  connections,
  duration,
  mb,
  PAYING_STORE,
  pass,
  rssBytes,
  scaleSizes,
  seedScale,
  signIn,
  sizeLabel,
  startScaleServer,
  storeSpread,
  tokenCount,
  warmUp,
} from './scale-shared.mjs';

/** req/s every merchant route must reach. */
const TARGET_RPS = 1000;
const sizes = scaleSizes('1000:10000');
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS || 3));
const routeNames = (process.env.BENCH_SCALE_ROUTES || '').split(',').filter(Boolean);
const port = 4850;

/**
 * The live stores' count, and the stores the requests are spread over with their verified
 * merchants (random order, so spread over the brands as seeded) and one coupon each that has
 * started (the coupon routes ask for it). Read from the data folder before the server opens it:
 * PGlite admits one process at a time.
 * @param {string} pgliteDir
 */
async function liveMerchants(pgliteDir) {
  const db = new PGlite(pgliteDir);
  try {
    const {
      rows: [live],
    } = await db.query(`select count(*)::int as stores from stores s where ${PAYING_STORE}`);
    const { rows } = await db.query(
      `select u.email, u.client, s.slug, s.id as store_id,
         (select c.id from coupons c where c.store_id = s.id and c.start_date < current_date order by random() limit 1) as coupon_id
       from users u join stores s on s.user_id = u.id
       where u.email like 'merchant%@scale.%' and u.email_verified and ${PAYING_STORE} order by random()${storeSpread > 0 ? ' limit $1' : ''}`,
      storeSpread > 0 ? [storeSpread] : [],
    );
    const spread = rows.map((r) => ({
      email: r.email,
      client: r.client,
      slug: r.slug,
      storeId: r.store_id,
      couponId: r.coupon_id,
    }));
    return { liveStores: live.stores, spread };
  } finally {
    await db.close();
  }
}

/**
 * Each route's medians over the rounds (bare first, then the routes in their listed order), its peak RSS the highest.
 * @param {PassRow[][]} roundRows
 */
function medians(roundRows) {
  /** @type {Map<string, [PassRow, ...PassRow[]]>} */
  const byName = new Map();
  for (const row of roundRows.flat()) byName.set(row.name, [...(byName.get(row.name) ?? []), row]);
  return [...byName.values()].map((runs) => ({
    ...runs[0],
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    share: median(runs.map((r) => r.share)),
    rss: Math.max(...runs.map((r) => r.rss)),
  }));
}

/** @param {Size} size */
async function benchSize(size) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cc-bench-scale-pglite-'));
  // An empty DATABASE_URL selects PGlite in DATA_DIR, whatever the shell has set.
  const env = { DATABASE_URL: '', DATA_DIR: dataDir };
  let server;
  try {
    const seedSeconds = await seedScale(size, env);
    // Where seed:scale and the server keep PGlite's files (DATA_DIR/pglite).
    const { liveStores, spread } = await liveMerchants(join(dataDir, 'pglite'));
    server = await startScaleServer(env, port);
    const base = `http://127.0.0.1:${port}`;
    const startRss = rssBytes(server.pid);
    const signStarted = performance.now();
    const merchants = await signIn(base, spread.slice(0, tokenCount));
    const signSeconds = (performance.now() - signStarted) / 1000;
    const list = merchantRoutes(merchants, routeNames);
    const warmStarted = performance.now();
    await warmUp(base, list);
    const warmSeconds = (performance.now() - warmStarted) / 1000;
    /** @type {PassRow[][]} */
    const roundRows = [];
    for (let round = 0; round < rounds; round += 1) {
      // The order turns each round, so no route always follows the same one (and its garbage).
      const turn = round % list.length;
      const order = [...list.slice(turn), ...list.slice(0, turn)];
      roundRows.push(await pass(base, server.pid, order, `round ${round + 1}`));
    }
    const caches = await cacheFigures(base);
    /** @type {Record<number, number>} */
    const byBrand = {};
    for (const m of merchants) byBrand[m.client] = (byBrand[m.client] ?? 0) + 1;
    return {
      size,
      rows: medians(roundRows),
      caches,
      startRss,
      endRss: rssBytes(server.pid),
      seedSeconds,
      signSeconds,
      warmSeconds,
      byBrand,
      liveStores,
      spread: spread.length,
    };
  } finally {
    if (server) await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const results = [];
for (const size of sizes) {
  console.log(`\nPGlite scale bench: ${size.stores} stores, ${size.coupons} coupons`);
  results.push(await benchSize(size));
}

const target = `${TARGET_RPS.toLocaleString('en-GB')} req/s`;
console.log(
  `\nPGlite scale bench: every GET of a signed-in merchant; autocannon at ${connections} connections, ${duration} s per run, ` +
    `${rounds} round(s) of bare, every route, bare (the order turning each round), medians over the rounds; each request picks a random ` +
    `one of the signed-in merchants (how many: below); vs bare: against the mean of the same round's two bare runs; ` +
    `peak RSS: the server's highest VmRSS during the route's runs (PGlite included)\n`,
);
console.log(
  `| stores / coupons | group | route | req/s | p50 (ms) | p99 (ms) | vs bare | peak RSS (MB) | meets >= ${target} |`,
);
console.log('| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | --- |');
for (const result of results) {
  for (const row of result.rows) {
    const meets = row.name === 'bare' ? '' : row.rps >= TARGET_RPS ? 'yes' : 'no';
    console.log(
      `| ${sizeLabel(result.size)} | ${row.group ?? 'bare'} | ${row.route} | ${Math.round(row.rps)} | ${row.p50} | ${row.p99} | ` +
        `${Math.round(row.share * 100)}% | ${mb(row.rss)} | ${meets} |`,
    );
  }
}
console.log(
  '\n| stores / coupons | seed (s) | live stores (requests spread over) | merchants signed in (by client) | sign-in (s) | warm-up (s) | RSS after start / at end (MB) | cache bytes (MB) and hit ratio at end |',
);
console.log('| --- | ---: | ---: | --- | ---: | ---: | ---: | --- |');
for (const r of results) {
  const brands = Object.entries(r.byBrand)
    .map(([client, count]) => `${client}: ${count}`)
    .join(', ');
  console.log(
    `| ${sizeLabel(r.size)} | ${r.seedSeconds.toFixed(0)} | ${r.liveStores} (${r.spread}) | ${brands} | ${r.signSeconds.toFixed(1)} | ` +
      `${r.warmSeconds.toFixed(1)} | ${mb(r.startRss)} / ${mb(r.endRss)} | ${cacheLine(r.caches)} |`,
  );
}

for (const result of results) {
  const routes = result.rows.filter((row) => row.name !== 'bare');
  console.log(
    `\nTarget: every merchant route >= ${target} on PGlite at ${sizeLabel(result.size)} (median req/s over ${rounds} round(s))`,
  );
  for (const row of routes)
    console.log(
      `  ${row.route}: ${Math.round(row.rps)} req/s, meets >= ${target}: ${row.rps >= TARGET_RPS ? 'yes' : 'no'}`,
    );
  const slow = routes.filter((row) => row.rps < TARGET_RPS);
  console.log(
    `  every merchant route: ${slow.length === 0 ? 'yes' : `no (${slow.length} of ${routes.length} below)`}`,
  );
}
