// What the scale benches share (scale.mjs on PostgreSQL, scale-pglite.mjs on PGlite): the sizes and
// spread they read from the environment, seed:scale, the server with /metrics open to the bench,
// signing the generated merchants in, autocannon runs with the server's peak RSS, the bare/route/bare
// pass, the warm-up and the caches' figures.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { serverRoot, startServer } from './server.mjs';

/**
 * @typedef {{ stores: number, coupons: number }} Size a scale: stores and coupons seeded
 * @typedef {{ path: string, headers: Record<string, string> }} BenchRequest one request of a run
 * @typedef {{ name: string, route: string, group?: string, next: () => BenchRequest, all?: () => BenchRequest[] }} BenchRoute
 *   a route measured: `next` builds a request, `all` every request of the warm-up
 * @typedef {{ rps: number, p50: number, p99: number, rss: number }} Measured one autocannon run's figures
 * @typedef {{ name: string, route: string, group?: string, pass: string, share: number } & Measured} PassRow
 *   a route's figures in a pass, `share` its req/s against the pass's bare route
 * @typedef {Record<string, { bytes?: number, hit_ratio?: number }>} CacheFigures each cache's bytes and hit ratio
 */

export const duration = Number(process.env.BENCH_DURATION || 5);
export const connections = Number(process.env.BENCH_CONNECTIONS || 10);
/** How many live stores the requests are spread over (their merchants are the ones signed in); 0: every live store. */
export const storeSpread = Number(process.env.BENCH_SCALE_STORES || 1000);
/** Merchants signed in, from those stores: by default every one of them, so each route is spread over the same stores. */
export const tokenCount = Number(
  process.env.BENCH_SCALE_TOKENS || (storeSpread > 0 ? storeSpread : 300),
);
/** seed:scale's password for every generated merchant (its --password default). */
export const MERCHANT_PASSWORD = 'scale1234';
export const METRICS_TOKEN = randomBytes(24).toString('hex');
/** The stores whose pages are live: approved, with an active subscription (SQL on `stores s`). */
export const PAYING_STORE = `s.is_approved and exists (select 1 from billing_subscriptions b where b.store_id = s.id and b.status = 'active')`;

/**
 * @template T
 * @param {readonly T[]} list not empty
 * @returns {T}
 */
export const pick = (list) => /** @type {T} */ (list[Math.floor(Math.random() * list.length)]);
export const mb = (/** @type {number} */ bytes) => Math.round(bytes / 1024 / 1024);
export const sizeLabel = (/** @type {Size} */ { stores, coupons }) =>
  `${stores.toLocaleString('en-GB')} / ${coupons.toLocaleString('en-GB')}`;

/**
 * BENCH_SCALE_SIZES=stores:coupons,... (else `fallback`) as [{ stores, coupons }].
 * @param {string} fallback
 * @returns {Size[]}
 */
export function scaleSizes(fallback) {
  return (process.env.BENCH_SCALE_SIZES || fallback)
    .split(',')
    .filter(Boolean)
    .map((text) => {
      const [stores = NaN, coupons = NaN] = text.split(':').map(Number);
      if (!Number.isInteger(stores) || !Number.isInteger(coupons))
        throw new Error(`BENCH_SCALE_SIZES: "${text}" is not stores:coupons`);
      return { stores, coupons };
    });
}

/**
 * The process's resident set (VmRSS), or 0 once it has gone.
 * @param {number | undefined} pid
 */
export function rssBytes(pid) {
  let status;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return 0;
  }
  const line = status.split('\n').find((l) => l.startsWith('VmRSS:'));
  return Number(line?.split(/\s+/)[1] ?? 0) * 1024;
}

/**
 * Runs a command to its end, its output shown; rejects on a non-zero exit.
 * @param {string} command
 * @param {string[]} args
 * @param {Record<string, string>} env
 */
function runCommand(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: serverRoot,
      env: { ...process.env, ...env },
      stdio: 'inherit',
    });
    child.once('exit', (code) =>
      code === 0
        ? resolve(undefined)
        : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

/**
 * seed:scale at `size` on the database `env` names (DATABASE_URL, else PGlite in DATA_DIR); resolves to the seconds it took.
 * @param {Size} size
 * @param {Record<string, string>} env
 */
export async function seedScale(size, env) {
  const started = performance.now();
  await runCommand(
    join(serverRoot, 'node_modules/.bin/tsx'),
    ['src/cli/seed-scale.ts', '--stores', String(size.stores), '--coupons', String(size.coupons)],
    env,
  );
  return (performance.now() - started) / 1000;
}

/**
 * The server's V8 heap cap as docs/operations.md recommends for production: the caches' budget
 * (CACHE_BUDGET_MB, default 128) plus 64 MB for everything else the heap holds.
 */
export const HEAP_CAP_MB = Number(process.env.CACHE_BUDGET_MB || 128) + 64;

/**
 * Node flags for the server: the recommended heap cap, as production starts it, unless
 * BENCH_SERVER_FLAGS sets the flags (`--cpu-prof` profiles it; an empty string measures V8's own
 * default heap, which on this 24 GB machine lets the heap grow to several hundred MB of garbage).
 */
const serverFlags = (process.env.BENCH_SERVER_FLAGS ?? `--max-old-space-size=${HEAP_CAP_MB}`)
  .split(' ')
  .filter(Boolean);

/**
 * The server on the scale database, /metrics open to this bench.
 * @param {Record<string, string>} env
 * @param {number} port
 */
export function startScaleServer(env, port) {
  // Hundreds of sign-ins from one address: the per-IP limit is not what is measured.
  return startServer({
    env: { ...env, METRICS_TOKEN, RATE_LIMIT_AUTH_MAX: '1000000' },
    port,
    flags: serverFlags,
  });
}

/**
 * A merchant's access token, signed in through the login endpoint.
 * @param {string} base
 * @param {string} email
 * @param {string} password
 * @param {number} client
 * @returns {Promise<string>}
 */
export async function login(base, email, password, client) {
  const response = await fetch(`${base}/api/v1/auth/email-login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-site-key': String(client) },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login ${email}: ${response.status} ${await response.text()}`);
  return (await response.json()).token;
}

/**
 * Signs the merchants in, a few at a time (each login verifies an argon2 hash).
 * @template {{ email: string, client: number }} Merchant
 * @param {string} base
 * @param {Merchant[]} merchants
 */
export async function signIn(base, merchants) {
  const queue = [...merchants];
  /** @type {(Merchant & { token: string })[]} */
  const signed = [];
  const worker = async () => {
    for (let m = queue.shift(); m; m = queue.shift())
      signed.push({ ...m, token: await login(base, m.email, MERCHANT_PASSWORD, m.client) });
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return signed;
}

/**
 * One autocannon run; every request built by `next()` ({ path, headers }). Peak RSS sampled meanwhile.
 * @param {string} base
 * @param {number | undefined} pid the server's
 * @param {() => BenchRequest} next
 * @returns {Promise<Measured>}
 */
export async function measure(base, pid, next) {
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
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${next().path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rss: Math.max(peak, rssBytes(pid)),
  };
}

/**
 * A route over a set: `next` asks for a random one, `all` for each once (the warm-up).
 * @template T
 * @param {readonly T[]} items
 * @param {(item: T) => BenchRequest} request
 */
export function every(items, request) {
  return { next: () => request(pick(items)), all: () => items.map(request) };
}

/** @returns {BenchRequest} */
const bareRequest = () => ({ path: '/api/v1/health/', headers: {} });

/**
 * Bare, every route, bare again: each route's share is against the mean of the pass's two bare runs.
 * @param {string} base
 * @param {number | undefined} pid
 * @param {BenchRoute[]} list
 * @param {string} label
 * @returns {Promise<PassRow[]>}
 */
export async function pass(base, pid, list, label) {
  const first = await measure(base, pid, bareRequest);
  const measured = [];
  for (const r of list) measured.push({ ...r, ...(await measure(base, pid, r.next)) });
  const last = await measure(base, pid, bareRequest);
  const bare = (first.rps + last.rps) / 2;
  const bareRow = {
    name: 'bare',
    route: 'GET /api/v1/health/ (bare)',
    rps: bare,
    p50: first.p50,
    p99: Math.max(first.p99, last.p99),
    rss: Math.max(first.rss, last.rss),
  };
  return [bareRow, ...measured].map((row) => ({ ...row, pass: label, share: row.rps / bare }));
}

/**
 * Warms the caches: each route over a set asks for every one of it once (e.g. every signed-in
 * merchant's list and /auth/me/), eight at a time, so a pass after it measures hits rather than
 * misses. Any answer but 2xx fails the bench.
 * @param {string} base
 * @param {BenchRoute[]} list
 */
export async function warmUp(base, list) {
  const queue = list.flatMap((r) => (r.all ? r.all() : []));
  const worker = async () => {
    for (let request = queue.shift(); request; request = queue.shift()) {
      const response = await fetch(`${base}${request.path}`, { headers: request.headers });
      if (!response.ok)
        throw new Error(`warm-up ${request.path}: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

/**
 * The caches' bytes and hit ratios as /metrics reports them.
 * @param {string} base
 */
export async function cacheFigures(base) {
  const response = await fetch(`${base}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = await response.text();
  /** @type {CacheFigures} */
  const figures = {};
  for (const [, figure = '', cache = '', value] of text.matchAll(
    /^cc_cache_(bytes|hit_ratio)\{cache="([a-z_]+)"\} ([0-9.e+-]+)$/gm,
  )) {
    const cacheFigures = (figures[cache] ??= {});
    cacheFigures[/** @type {'bytes' | 'hit_ratio'} */ (figure)] = Number(value);
  }
  return figures;
}

/** The caches' figures as one line: `name MB hit%, ...`. */
export const cacheLine = (/** @type {CacheFigures} */ caches) =>
  Object.entries(caches)
    .map(([name, f]) => `${name} ${mb(f.bytes ?? 0)} MB ${Math.round((f.hit_ratio ?? 0) * 100)}%`)
    .join(', ');
