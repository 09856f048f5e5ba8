// `BENCH_SCALE=1 pnpm bench` (or `pnpm --filter @cc/server bench:scale`): the routes of `pnpm bench`
// at scale, on PostgreSQL only. For each size (BENCH_SCALE_SIZES=stores:coupons,..., default
// 1000:10000,100000:1000000): a scratch database, seed:scale, ANALYZE, the built server on it,
// BENCH_SCALE_TOKENS merchants (default 300, spread over the brands as the seed spreads them) signed
// in through the login endpoint, then every route with each request choosing a random merchant or
// store: once right after start (caches cold) and once more (warm). Reports req/s, p50, p99, the
// share of the same pass's bare route, and the server's RSS (VmRSS of the child: the peak while a
// route ran), then the caches' bytes and hit ratios from /metrics. The scratch database is dropped.
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
const tokenCount = Number(process.env.BENCH_SCALE_TOKENS || 300);
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

function routes(merchants, liveSlugs, staffToken) {
  const bearer = (token) => ({ authorization: `Bearer ${token}` });
  return [
    { name: 'coupons', route: 'GET /api/v1/coupons (a random merchant\'s own store)', next: () => {
      const m = pick(merchants);
      return { path: `/api/v1/coupons/?store_slug=${m.slug}&client=${m.client}&include_scheduled=1`, headers: { ...bearer(m.token), 'x-site-key': String(m.client) } };
    } },
    { name: 'me', route: 'GET /api/v1/auth/me/ (a random merchant)', next: () => {
      const m = pick(merchants);
      return { path: '/api/v1/auth/me/', headers: { ...bearer(m.token), 'x-site-key': String(m.client) } };
    } },
    { name: 'page', route: 'GET /stores/{slug} (a random live store, br)', next: () => ({ path: `/stores/${pick(liveSlugs)}`, headers: BROWSER }) },
    { name: 'review', route: 'GET /api/v1/review/stores/ (staff, first page)', next: () => ({ path: '/api/v1/review/stores/', headers: bearer(staffToken) }) },
  ];
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
  const database = `cc_bench_scale_${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'cc-bench-scale-'));
  await admin.query(`CREATE DATABASE ${database}`);
  const url = new URL(pgUrl);
  url.pathname = `/${database}`;
  const env = { DATABASE_URL: url.toString(), DATA_DIR: dataDir };
  let server;
  const db = new pg.Client({ connectionString: url.toString() });
  try {
    const seedStarted = performance.now();
    await runCommand(join(serverRoot, 'node_modules/.bin/tsx'), ['src/cli/seed-scale.ts', '--stores', String(size.stores), '--coupons', String(size.coupons)], env);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    await db.connect();
    await db.query('ANALYZE');
    server = await startScaleServer(env);
    const base = `http://127.0.0.1:${port}`;
    const startRss = rssBytes(server.pid);
    // Verified merchants of approved stores that pay, in random order (so spread over the brands as seeded).
    const paying = `s.is_approved and exists (select 1 from billing_subscriptions b where b.store_id = s.id and b.status = 'active')`;
    const { rows: chosen } = await db.query(
      `select u.email, u.client, s.slug from users u join stores s on s.user_id = u.id
       where u.email like 'merchant%@scale.%' and u.email_verified and ${paying} order by random() limit $1`,
      [tokenCount],
    );
    const { rows: live } = await db.query(`select s.slug from stores s where ${paying}`);
    const signStarted = performance.now();
    const merchants = await signIn(base, chosen);
    const signSeconds = (performance.now() - signStarted) / 1000;
    const staffToken = await login(base, STAFF.email, STAFF.password, 7);
    const list = routes(merchants, live.map((r) => r.slug), staffToken);
    const rows = [...(await pass(base, server.pid, list, 'cold')), ...(await pass(base, server.pid, list, 'warm'))];
    const caches = await cacheFigures(base);
    const byBrand = {};
    for (const m of merchants) byBrand[m.client] = (byBrand[m.client] ?? 0) + 1;
    return { size, rows, caches, startRss, endRss: rssBytes(server.pid), seedSeconds, signSeconds, byBrand, liveStores: live.length };
  } finally {
    if (server) await stopServer(server);
    await db.end().catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
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
    `${tokenCount} signed-in merchants (or, for the page, any live store); cold: first pass after start, warm: the second; ` +
    `vs bare: against the mean of the same pass's two bare runs; RSS: the server's peak VmRSS during the run\n`,
);
console.log('| stores / coupons | pass | route | req/s | p50 (ms) | p99 (ms) | vs bare | peak RSS (MB) |');
console.log('| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |');
for (const result of results) {
  for (const row of result.rows) {
    console.log(`| ${label(result.size)} | ${row.pass} | ${row.route} | ${Math.round(row.rps)} | ${row.p50} | ${row.p99} | ${Math.round(row.share * 100)}% | ${mb(row.rss)} |`);
  }
}
console.log('\n| stores / coupons | seed (s) | live stores | merchants signed in (by client) | sign-in (s) | RSS after start / at end (MB) | cache bytes (MB) and hit ratio at end |');
console.log('| --- | ---: | ---: | --- | ---: | ---: | --- |');
for (const r of results) {
  const caches = Object.entries(r.caches).map(([name, f]) => `${name} ${mb(f.bytes ?? 0)} MB ${Math.round((f.hit_ratio ?? 0) * 100)}%`).join(', ');
  const brands = Object.entries(r.byBrand).map(([client, count]) => `${client}: ${count}`).join(', ');
  console.log(`| ${label(r.size)} | ${r.seedSeconds.toFixed(0)} | ${r.liveStores} | ${brands} | ${r.signSeconds.toFixed(1)} | ${mb(r.startRss)} / ${mb(r.endRss)} | ${caches} |`);
}

// The targets, on the warm pass: the smallest size against the largest.
if (results.length >= 2) {
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
