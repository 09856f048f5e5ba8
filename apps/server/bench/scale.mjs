// `BENCH_SCALE=1 pnpm bench` (or `pnpm --filter @cc/server bench:scale`): the routes of `pnpm bench`
// at scale, on PostgreSQL only. For each size (BENCH_SCALE_SIZES=stores:coupons,..., default
// 1000:10000,100000:1000000): a scratch database, seed:scale, ANALYZE, the built server on it,
// BENCH_SCALE_STORES live stores drawn at random (default 1,000: the issue's "requests spread over
// 1,000 stores"; 0 takes every live store), BENCH_SCALE_TOKENS of their merchants (default: all of
// them, or 300 with every live store; spread over the brands as the seed spreads them) signed in
// through the login endpoint, then every route with each request choosing a random one of those
// merchants or stores: once right after start (caches cold) and once more after every one of those
// pages, lists and /auth/me/ answers was asked for once (warm). Reports req/s,
// p50, p99, the share of the same pass's bare route, and the server's RSS (VmRSS of the child: the
// peak while a route ran), then the caches' bytes and hit ratios from /metrics. The scratch
// database is dropped.
// Here only: the legacy Merchant/List (a random page of a random brand). BENCH_SCALE_ROUTES=review,list
// runs only the routes named (coupons, me, page, review, list); the targets table needs the first four.
// BENCH_SCALE_DATABASE=<name> (with one size in BENCH_SCALE_SIZES): a database seed:scale filled
// before, used instead of a scratch one and not dropped.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { BROWSER, pgUrl, serverRoot, startServer, stopServer } from './server.mjs';

const duration = Number(process.env.BENCH_DURATION || 5);
const connections = Number(process.env.BENCH_CONNECTIONS || 10);
/** How many live stores the requests are spread over (their merchants are the ones signed in); 0: every live store. */
const storeSpread = Number(process.env.BENCH_SCALE_STORES || 1000);
/** Merchants signed in, from those stores: by default every one of them, so each route is spread over the same stores. */
const tokenCount = Number(process.env.BENCH_SCALE_TOKENS || (storeSpread > 0 ? storeSpread : 300));
const sizes = (process.env.BENCH_SCALE_SIZES || '1000:10000,100000:1000000').split(',').filter(Boolean).map((text) => {
  const [stores, coupons] = text.split(':').map(Number);
  if (!Number.isInteger(stores) || !Number.isInteger(coupons)) throw new Error(`BENCH_SCALE_SIZES: "${text}" is not stores:coupons`);
  return { stores, coupons };
});
/** seed:scale's password for every generated merchant (its --password default). */
const MERCHANT_PASSWORD = 'scale1234';
const STAFF = { email: 'staff@couponcenter.local', password: 'staff1234' };
const METRICS_TOKEN = randomBytes(24).toString('hex');
const CACHE_BUDGET_MB = Number(process.env.CACHE_BUDGET_MB || 128);
/** BENCH_SCALE_ROUTES=coupons,me,page,review,list: only these routes (default: all). */
const routeNames = (process.env.BENCH_SCALE_ROUTES || '').split(',').filter(Boolean);
/** Each brand's number of 20-merchant pages of Merchant/List, set once the database is seeded. */
let LIST_PAGES = [];
const port = 4800;

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const mb = (bytes) => Math.round(bytes / 1024 / 1024);

/** The process's resident set (VmRSS), or 0 once it has gone. */
function rssBytes(pid) {
  let status = '';
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return 0;
  }
  const line = status.split('\n').find((l) => l.startsWith('VmRSS:'));
  return Number(line?.split(/\s+/)[1] ?? 0) * 1024;
}

/** Runs a command to its end, its output shown; rejects on a non-zero exit. */
function runCommand(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: serverRoot, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

/** The server on the scale database, /metrics open to this bench. */
function startScaleServer(env) {
  // Hundreds of sign-ins from one address: the per-IP limit is not what is measured.
  return startServer({ env: { ...env, METRICS_TOKEN, RATE_LIMIT_AUTH_MAX: '1000000' }, port });
}

async function login(base, email, password, client) {
  const response = await fetch(`${base}/api/v1/auth/email-login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-site-key': String(client) },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login ${email}: ${response.status} ${await response.text()}`);
  return (await response.json()).token;
}

/** Signs the merchants in, a few at a time (each login verifies an argon2 hash). */
async function signIn(base, merchants) {
  const queue = [...merchants];
  const signed = [];
  const worker = async () => {
    for (let m = queue.shift(); m; m = queue.shift()) signed.push({ ...m, token: await login(base, m.email, MERCHANT_PASSWORD, m.client) });
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return signed;
}

/** One autocannon run; every request built by `next()` ({ path, headers }). Peak RSS sampled meanwhile. */
async function measure(base, pid, next) {
  let peak = rssBytes(pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssBytes(pid));
  }, 100);
  let result;
  try {
    result = await autocannon({
      url: base,
      connections,
      duration,
      requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, ...next() }) }],
    });
  } finally {
    clearInterval(sampler);
  }
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${next().path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, rss: Math.max(peak, rssBytes(pid)) };
}

/** A route over a set: `next` asks for a random one, `all` for each once (the warm-up). */
function every(items, request) {
  return { next: () => request(pick(items)), all: () => items.map(request) };
}

function routes(merchants, liveSlugs, staffToken) {
  const bearer = (token) => ({ authorization: `Bearer ${token}` });
  return [
    { name: 'coupons', route: 'GET /api/v1/coupons (a random merchant\'s own store)', ...every(merchants, (m) => ({
      path: `/api/v1/coupons/?store_slug=${m.slug}&client=${m.client}&include_scheduled=1`,
      headers: { ...bearer(m.token), 'x-site-key': String(m.client) },
    })) },
    { name: 'me', route: 'GET /api/v1/auth/me/ (a random merchant)', ...every(merchants, (m) => ({
      path: '/api/v1/auth/me/',
      headers: { ...bearer(m.token), 'x-site-key': String(m.client) },
    })) },
    { name: 'page', route: 'GET /stores/{slug} (a random one of the live stores, br)', ...every(liveSlugs, (slug) => ({ path: `/stores/${slug}`, headers: BROWSER })) },
    { name: 'review', route: 'GET /api/v1/review/stores/ (staff, first page)', next: () => ({ path: '/api/v1/review/stores/', headers: bearer(staffToken) }) },
    { name: 'list', route: 'GET /api/Merchant/List (a random brand, a random page of 20)', next: () => {
      const client = pick(LIST_PAGES);
      return { path: `/api/Merchant/List?page=${1 + Math.floor(Math.random() * client.pages)}`, headers: { 'x-site-key': String(client.client) } };
    } },
  ].filter((r) => routeNames.length === 0 || routeNames.includes(r.name));
}

const bareRequest = () => ({ path: '/api/v1/health/', headers: {} });

/** Bare, every route, bare again: each route's share is against the mean of the pass's two bare runs. */
async function pass(base, pid, list, label) {
  const first = await measure(base, pid, bareRequest);
  const measured = [];
  for (const r of list) measured.push({ ...r, ...(await measure(base, pid, r.next)) });
  const last = await measure(base, pid, bareRequest);
  const bare = (first.rps + last.rps) / 2;
  const bareRow = { name: 'bare', route: 'GET /api/v1/health/ (bare)', rps: bare, p50: first.p50, p99: Math.max(first.p99, last.p99), rss: Math.max(first.rss, last.rss) };
  return [bareRow, ...measured].map((row) => ({ ...row, pass: label, share: row.rps / bare }));
}

/**
 * Warms the caches for the warm pass: each route over a set asks for every one of it once
 * (every page of the spread, every signed-in merchant's list and /auth/me/), eight at a time,
 * so the warm pass measures hits rather than the cold pass's leftovers.
 */
async function warmUp(base, list) {
  const queue = list.flatMap((r) => (r.all ? r.all() : []));
  const worker = async () => {
    for (let request = queue.shift(); request; request = queue.shift()) {
      const response = await fetch(`${base}${request.path}`, { headers: request.headers });
      if (!response.ok) throw new Error(`warm-up ${request.path}: ${response.status}`);
      await response.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

/** The caches' bytes and hit ratios as /metrics reports them. */
async function cacheFigures(base) {
  const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await response.text();
  const figures = {};
  for (const match of text.matchAll(/^cc_cache_(bytes|hit_ratio)\{cache="([a-z_]+)"\} ([0-9.e+-]+)$/gm)) {
    figures[match[2]] ??= {};
    figures[match[2]][match[1]] = Number(match[3]);
  }
  return figures;
}

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
    const seedStarted = performance.now();
    if (!kept) await runCommand(join(serverRoot, 'node_modules/.bin/tsx'), ['src/cli/seed-scale.ts', '--stores', String(size.stores), '--coupons', String(size.coupons)], env);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    await db.connect();
    await db.query('ANALYZE');
    server = await startScaleServer(env);
    const base = `http://127.0.0.1:${port}`;
    const startRss = rssBytes(server.pid);
    // Verified merchants of approved stores that pay, in random order (so spread over the brands as seeded).
    const paying = `s.is_approved and exists (select 1 from billing_subscriptions b where b.store_id = s.id and b.status = 'active')`;
    const { rows: live } = await db.query(`select s.client, count(*)::int as stores from stores s where ${paying} group by s.client`);
    const liveStores = live.reduce((sum, r) => sum + r.stores, 0);
    LIST_PAGES = [7, 8, 10].map((client) => ({ client, pages: Math.max(1, Math.ceil((live.find((r) => r.client === client)?.stores ?? 0) / 20)) }));
    // The stores the requests are spread over: live ones with a verified merchant, so any of them can sign in.
    const { rows: spread } = await db.query(
      `select u.email, u.client, s.slug from users u join stores s on s.user_id = u.id
       where u.email like 'merchant%@scale.%' and u.email_verified and ${paying} order by random()${storeSpread > 0 ? ' limit $1' : ''}`,
      storeSpread > 0 ? [storeSpread] : [],
    );
    const chosen = spread.slice(0, tokenCount);
    const signStarted = performance.now();
    const merchants = await signIn(base, chosen);
    const signSeconds = (performance.now() - signStarted) / 1000;
    const staffToken = await login(base, STAFF.email, STAFF.password, 7);
    const list = routes(merchants, spread.map((r) => r.slug), staffToken);
    const cold = await pass(base, server.pid, list, 'cold');
    await warmUp(base, list);
    const rows = [...cold, ...(await pass(base, server.pid, list, 'warm'))];
    const caches = await cacheFigures(base);
    const byBrand = {};
    for (const m of merchants) byBrand[m.client] = (byBrand[m.client] ?? 0) + 1;
    return { size, rows, caches, startRss, endRss: rssBytes(server.pid), seedSeconds, signSeconds, byBrand, liveStores, spread: spread.length };
  } finally {
    if (server) await stopServer(server);
    await db.end().catch(() => undefined);
    if (!kept) await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const admin = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 2000 });
await admin.connect();
const results = [];
try {
  for (const size of sizes) {
    console.log(`\nScale bench: ${size.stores} stores, ${size.coupons} coupons`);
    results.push(await benchSize(admin, size));
  }
} finally {
  await admin.end().catch(() => undefined);
}

const label = ({ stores, coupons }) => `${stores.toLocaleString('en-GB')} / ${coupons.toLocaleString('en-GB')}`;
console.log(
  `\nScale bench: PostgreSQL, autocannon at ${connections} connections, ${duration} s per route and pass; each request picks one of ` +
    `${tokenCount} signed-in merchants (or, for the page, one of ${storeSpread > 0 ? storeSpread.toLocaleString('en-GB') : 'all the'} live stores, theirs among them); cold: first pass after start, warm: the second, after each page, list and /auth/me/ of the spread was asked for once; ` +
    `vs bare: against the mean of the same pass's two bare runs; RSS: the server's peak VmRSS during the run\n`,
);
console.log('| stores / coupons | pass | route | req/s | p50 (ms) | p99 (ms) | vs bare | peak RSS (MB) |');
console.log('| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |');
for (const result of results) {
  for (const row of result.rows) {
    console.log(`| ${label(result.size)} | ${row.pass} | ${row.route} | ${Math.round(row.rps)} | ${row.p50} | ${row.p99} | ${Math.round(row.share * 100)}% | ${mb(row.rss)} |`);
  }
}
console.log('\n| stores / coupons | seed (s) | live stores (requests spread over) | merchants signed in (by client) | sign-in (s) | RSS after start / at end (MB) | cache bytes (MB) and hit ratio at end |');
console.log('| --- | ---: | ---: | --- | ---: | ---: | --- |');
for (const r of results) {
  const caches = Object.entries(r.caches).map(([name, f]) => `${name} ${mb(f.bytes ?? 0)} MB ${Math.round((f.hit_ratio ?? 0) * 100)}%`).join(', ');
  const brands = Object.entries(r.byBrand).map(([client, count]) => `${client}: ${count}`).join(', ');
  console.log(`| ${label(r.size)} | ${r.seedSeconds.toFixed(0)} | ${r.liveStores} (${r.spread}) | ${brands} | ${r.signSeconds.toFixed(1)} | ${mb(r.startRss)} / ${mb(r.endRss)} | ${caches} |`);
}

// The targets, on the warm pass: the smallest size against the largest.
const measuredAll = ['coupons', 'page', 'me', 'review'].every((name) => routeNames.length === 0 || routeNames.includes(name));
if (results.length >= 2 && measuredAll) {
  const small = results[0];
  const large = results[results.length - 1];
  const warm = (result, name) => result.rows.find((row) => row.pass === 'warm' && row.name === name);
  const peakRss = Math.max(...large.rows.map((row) => row.rss));
  const checks = [
    [`coupon list p99 at ${label(large.size)} within 1.2x of ${label(small.size)}`, `${warm(large, 'coupons').p99} vs ${warm(small, 'coupons').p99} ms`, warm(large, 'coupons').p99 <= 1.2 * Math.max(warm(small, 'coupons').p99, 1)],
    ['coupon list >= 50% of bare', `${Math.round(warm(large, 'coupons').share * 100)}%`, warm(large, 'coupons').share >= 0.5],
    ['public page >= 70% of bare', `${Math.round(warm(large, 'page').share * 100)}%`, warm(large, 'page').share >= 0.7],
    ['/auth/me/ >= 40% of bare', `${Math.round(warm(large, 'me').share * 100)}%`, warm(large, 'me').share >= 0.4],
    ['review queue first page p99 <= 20 ms', `${warm(large, 'review').p99} ms`, warm(large, 'review').p99 <= 20],
    [`RSS under the cache budget + 150 MB (${CACHE_BUDGET_MB + 150} MB)`, `${mb(peakRss)} MB peak`, mb(peakRss) < CACHE_BUDGET_MB + 150],
  ];
  console.log(`\n| target (warm pass, ${label(large.size)}) | measured | met |`);
  console.log('| --- | ---: | --- |');
  for (const [target, measured, met] of checks) console.log(`| ${target} | ${measured} | ${met ? 'yes' : 'no'} |`);
}
