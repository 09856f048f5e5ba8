// `pnpm bench`: req/s and p99 of the authenticated coupon list (a store with 10
// coupons), /auth/me/, the public store page, the sitemap index and a shard, and a bare route of the same server, on PGlite and on
// PostgreSQL (when reachable), with autocannon at 10 connections.
// Runs the built server (dist/server.js) as a child process, as `npm start` does.
// BENCH_SCALE=1 and BENCH_SCALE=pglite run the scale benches instead (scale.mjs, scale-pglite.mjs).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { BROWSER, median, pgUrl, staffSignIn, startServer, stopServer } from './server.mjs';

const duration = Number(process.env.BENCH_DURATION || 5);
const rounds = Number(process.env.BENCH_ROUNDS || 4);
const picked = (process.env.BENCH_ROUTES || '').split(',').filter(Boolean);
const connections = Number(process.env.BENCH_CONNECTIONS || 10);
/** BENCH_ONLY=pglite or BENCH_ONLY=postgres runs one database only. */
const only = (process.env.BENCH_ONLY || '').toLowerCase();

/**
 * A route measured: what autocannon asks (`setupRequest` builds each request) and under which name.
 * @typedef {{ name: string, route: string, url: string, token?: string, headers?: Record<string, string>, method?: 'GET' | 'POST', setupRequest?: (request: autocannon.Request) => autocannon.Request }} Route
 * @typedef {{ rps: number, p99: number, bytes: number, cpu: number }} Measured one autocannon run's figures
 * @typedef {Measured & { share: number, cpuShare: number }} Sample a run's figures against its round's bare runs
 */
/** Extra node flags for the server, e.g. BENCH_SERVER_FLAGS=--cpu-prof to profile it. */
const serverFlags = (process.env.BENCH_SERVER_FLAGS || '').split(' ').filter(Boolean);

// BENCH_SCALE=1: the same routes over generated databases of many stores, on PostgreSQL (scale.mjs).
// BENCH_SCALE=pglite: every GET route of a signed-in merchant at 1,000 stores, on PGlite (scale-pglite.mjs).
const scaleBench = { 1: './scale.mjs', pglite: './scale-pglite.mjs' }[
  process.env.BENCH_SCALE ?? ''
];
if (scaleBench) {
  await import(scaleBench);
  process.exit(process.exitCode ?? 0);
}

/**
 * The answer of one API call, failing on any status but 2xx.
 * @param {string} base
 * @param {string} method
 * @param {string} path
 * @param {object | undefined} body
 * @param {string} [token]
 */
async function json(base, method, path, body, token) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/**
 * A merchant with a store of 10 coupons, paid and approved: its page is public.
 * @param {string} base
 * @returns {Promise<{ token: string, store: { id: number, slug: string } }>}
 */
async function prepare(base) {
  const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
  const { token } = await json(base, 'POST', '/api/v1/auth/email-register/', {
    email,
    password: 'bench-password',
  });
  const name = `Bench ${randomBytes(3).toString('hex')}`;
  const store = await json(
    base,
    'POST',
    '/api/v1/stores/',
    {
      name,
      contact_email: 'bench@example.com',
      website_url: 'example.com',
      client: 7,
      slug: `${name.toLowerCase().replace(/\s+/g, '-')}-voucher-codes`,
    },
    token,
  );
  for (let i = 1; i <= 10; i += 1) {
    await json(
      base,
      'POST',
      '/api/v1/coupons/',
      {
        offer_type: 'sitewide_percent',
        description: `Coupon ${i}`,
        savings_percent: 10 + i,
        store: store.id,
        start_date: '2026-01-01',
      },
      token,
    );
  }
  await payAndApprove(base, token, store);
  return { token, store };
}

/**
 * The public store page needs a paid subscription (local checkout) and the seeded staff's approval.
 * @param {string} base
 * @param {string} token the merchant's
 * @param {{ id: number }} store
 */
async function payAndApprove(base, token, store) {
  const [plan] = await json(base, 'GET', '/api/v1/coupon-center-plans/?client=7', undefined, token);
  const link = new URL(plan.payment_link.url);
  const opened = await fetch(`${base}${link.pathname}${link.search}`, { redirect: 'manual' });
  const session = opened.headers.get('location');
  const card = { card_number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Bench' };
  const paid = await fetch(`${base}${session}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(card).toString(),
  });
  if (paid.status !== 303) throw new Error(`checkout: ${paid.status} ${await paid.text()}`);
  await json(
    base,
    'POST',
    `/api/v1/review/stores/${store.id}/approve/`,
    {},
    await staffSignIn(base),
  );
}

/**
 * The CPU time (user and system, microseconds) the process has used, from /proc (Linux): a
 * route's server CPU per request holds still on a machine whose other load moves req/s around.
 * @param {number | undefined} pid
 */
function cpuMicros(pid) {
  const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / 100;
}

/** @type {number | undefined} */
let serverPid;

/**
 * One autocannon run against `url`, with the server's CPU time per request.
 * @param {string} url
 * @param {string} [token]
 * @param {Record<string, string>} [headers]
 * @param {Pick<Route, 'method' | 'setupRequest'>} [options]
 * @returns {Promise<Measured>}
 */
async function measure(url, token, headers = {}, { method = 'GET', setupRequest } = {}) {
  const cpuBefore = cpuMicros(serverPid);
  const result = await autocannon({
    url,
    method,
    connections,
    duration,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(setupRequest ? { requests: [{ setupRequest }] } : {}),
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const cpu = (cpuMicros(serverPid) - cpuBefore) / result.requests.total;
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    bytes: result.throughput.total / result.requests.total,
    cpu,
  };
}

/** A new shopper on every request: their own address (through the trusted proxy hop) and browser. */
let shoppers = 0;
/** @param {autocannon.Request} request */
function newShopper(request) {
  shoppers += 1;
  const address = `10.${(shoppers >> 16) & 255}.${(shoppers >> 8) & 255}.${shoppers & 255}`;
  return {
    ...request,
    headers: {
      ...request.headers,
      'x-forwarded-for': address,
      'user-agent': `Bench shopper ${shoppers}`,
    },
  };
}

/** What a crawler sends: Googlebot and Bingbot take gzip. */
const CRAWLER = { 'accept-encoding': 'gzip' };

/**
 * The routes measured, by name (BENCH_ROUTES=bare,page picks some; the bare route always runs).
 * @param {string} base
 * @param {string} token
 * @param {{ slug: string }} store
 * @returns {[Route, ...Route[]]}
 */
function routes(base, token, store) {
  /** @type {[Route, ...Route[]]} */
  const all = [
    { name: 'bare', route: 'GET /api/v1/health/ (bare)', url: `${base}/api/v1/health/` },
    {
      name: 'coupons',
      route: 'GET /api/v1/coupons (10 coupons)',
      url: `${base}/api/v1/coupons/?store_slug=${store.slug}&client=7&include_scheduled=1`,
      token,
    },
    { name: 'me', route: 'GET /api/v1/auth/me/', url: `${base}/api/v1/auth/me/`, token },
    {
      name: 'page',
      route: 'GET /stores/{slug} (public page, 10 coupons, as a browser asks: br)',
      url: `${base}/stores/${store.slug}`,
      headers: BROWSER,
    },
    {
      name: 'page-plain',
      route: 'GET /stores/{slug} (same page, no Accept-Encoding)',
      url: `${base}/stores/${store.slug}`,
    },
    {
      name: 'sitemap',
      route: "GET /sitemap.xml (the brand's index, gzip as crawlers ask)",
      url: `${base}/sitemap.xml`,
      headers: CRAWLER,
    },
    {
      name: 'shard',
      route: "GET /sitemaps/stores-1.xml (the brand's first shard, gzip)",
      url: `${base}/sitemaps/stores-1.xml`,
      headers: CRAWLER,
    },
    {
      name: 'events',
      route: 'POST /stores/{slug}/events?type=view (a new shopper each, 10 coupons counted)',
      url: `${base}/stores/${store.slug}/events?type=view`,
      method: 'POST',
      setupRequest: newShopper,
    },
  ];
  const [bare, ...others] = all;
  return [bare, ...others.filter((r) => picked.length === 0 || picked.includes(r.name))];
}

/** @type {string[]} */
const countChecks = [];

/**
 * The events the server answered 204 to, from its own /metrics (every request it accepted, in flight at a run's end too).
 * @param {string} base
 */
async function acceptedEvents(base) {
  const text = await (await fetch(`${base}/metrics`)).text();
  let total = 0;
  for (const line of text.split('\n')) {
    if (
      line.startsWith('http_requests_total{') &&
      line.includes('route="/stores/:slug/events"') &&
      line.includes('status_code="204"')
    ) {
      total += Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return total;
}

/**
 * `countsOf(storeId)`: the views the database holds for the store's coupons (PostgreSQL only; PGlite is inside the server).
 * @param {string} label the database's name in the table
 * @param {Record<string, string>} env
 * @param {number} port
 * @param {(storeId: number) => Promise<number>} [countsOf]
 */
async function run(label, env, port, countsOf) {
  const server = await startServer({
    env: { TRUST_PROXY_HOPS: '1', ...env },
    port,
    flags: serverFlags,
  });
  serverPid = server.pid;
  try {
    const base = `http://127.0.0.1:${port}`;
    const { token, store } = await prepare(base);
    // Warm up JIT and connection pools.
    await autocannon({
      url: `${base}/api/v1/coupons/?include_scheduled=1`,
      connections,
      duration: 2,
      headers: { authorization: `Bearer ${token}` },
    });
    // Rounds of every route in turn (the order turning each round), with the bare route at
    // the start and the end of each round. Each route's share is taken against the mean of its own round's two bare runs
    // (a paired measurement: this machine's speed drifts by 15% or more between runs of a
    // few seconds), and the median over the rounds is reported.
    const list = routes(base, token, store);
    const [bareRoute, ...others] = list;
    /** @type {Map<string, Sample[]>} */
    const samples = new Map(list.map((r) => [r.name, []]));
    const samplesOf = (/** @type {Route} */ r) => samples.get(r.name) ?? [];
    for (let round = 0; round < rounds; round += 1) {
      const first = await measure(bareRoute.url);
      /** @type {[Route, Measured][]} */
      const measured = [];
      // The order turns each round, so no route always follows the same one (and its garbage).
      const turn = round % others.length;
      const order = [...others.slice(turn), ...others.slice(0, turn)];
      for (const r of order) measured.push([r, await measure(r.url, r.token, r.headers, r)]);
      const last = await measure(bareRoute.url);
      const bare = (first.rps + last.rps) / 2;
      const bareCpu = (first.cpu + last.cpu) / 2;
      samplesOf(bareRoute).push({ ...first, rps: bare, cpu: bareCpu, share: 1, cpuShare: 1 });
      for (const [r, m] of measured)
        samplesOf(r).push({ ...m, share: m.rps / bare, cpuShare: bareCpu / m.cpu });
    }
    const events = samples.get('events');
    if (events && countsOf) {
      // The counts are written a second apart: after that, every accepted view is in the database.
      await new Promise((done) => setTimeout(done, 2_000));
      const accepted = await acceptedEvents(base);
      const counted = await countsOf(store.id);
      countChecks.push(
        `${label}: ${accepted} events accepted, ${counted} coupon views counted (${accepted * 10} expected, 10 coupons a page)`,
      );
      if (counted !== accepted * 10) process.exitCode = 1;
    }
    return list.map((r) => {
      const runs = samplesOf(r);
      const shares = runs.map((m) => m.share);
      return {
        database: label,
        route: r.route,
        rps: median(runs.map((m) => m.rps)),
        p99: median(runs.map((m) => m.p99)),
        bytes: runs[0]?.bytes ?? NaN,
        share: median(shares),
        cpu: median(runs.map((m) => m.cpu)),
        cpuShare: median(runs.map((m) => m.cpuShare)),
        spread: `${Math.round(Math.min(...shares) * 100)}-${Math.round(Math.max(...shares) * 100)}%`,
      };
    });
  } finally {
    await stopServer(server);
  }
}

/** @type {Awaited<ReturnType<typeof run>>} */
const rows = [];
const dataDir = mkdtempSync(join(tmpdir(), 'cc-bench-'));
try {
  if (only !== 'postgres')
    rows.push(...(await run('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' }, 4600)));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const admin = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 2000 });
let database;
try {
  if (only !== 'pglite') {
    await admin.connect();
    database = `cc_bench_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${database}`);
  }
} catch (error) {
  console.log(
    `PostgreSQL skipped: ${pgUrl} is not reachable (${error instanceof Error ? error.message : String(error)})`,
  );
}
if (database) {
  const url = new URL(pgUrl);
  url.pathname = `/${database}`;
  try {
    const reader = new pg.Client({ connectionString: url.toString() });
    const countsOf = async (/** @type {number} */ storeId) => {
      /** @type {{ rows: { views: number }[] }} */
      const { rows: sums } = await reader.query(
        'SELECT coalesce(sum(views), 0)::int AS views FROM coupon_daily_stats WHERE coupon_id IN (SELECT id FROM coupons WHERE store_id = $1)',
        [storeId],
      );
      return sums[0]?.views ?? 0;
    };
    try {
      await reader.connect();
      rows.push(
        ...(await run(
          'PostgreSQL',
          { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
          4700,
          countsOf,
        )),
      );
    } finally {
      await reader.end().catch(() => undefined);
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  }
}
await admin.end().catch(() => undefined);

console.log(
  `\nautocannon, ${connections} connections, ${rounds} rounds of ${duration} s per route; medians over the rounds, ` +
    "vs bare against the same round's bare runs (and the range of that share over the rounds); " +
    "server CPU per request from /proc, and bare's CPU per request as a share of the route's\n",
);
console.log(
  '| database | route | req/s | p99 (ms) | bytes/response | vs bare | range | server CPU µs/req | CPU vs bare |',
);
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const row of rows) {
  console.log(
    `| ${row.database} | ${row.route} | ${Math.round(row.rps)} | ${row.p99} | ${Math.round(row.bytes)} | ${Math.round(row.share * 100)}% | ${row.spread} | ${Math.round(row.cpu)} | ${Math.round(row.cpuShare * 100)}% |`,
  );
}
for (const line of countChecks) console.log(`\nCounts after the last write: ${line}`);
