// `pnpm bench`: req/s and p99 of the authenticated coupon list (a store with 10
// coupons), /auth/me/, the public store page and a bare route of the same server, on PGlite and on
// PostgreSQL (when reachable), with autocannon at 10 connections.
// Runs the built server (dist/server.js) as a child process, as `npm start` does.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const serverRoot = new URL('..', import.meta.url).pathname;
const duration = Number(process.env.BENCH_DURATION || 10);
const connections = Number(process.env.BENCH_CONNECTIONS || 10);
const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

async function startServer(env, port) {
  const child = spawn(process.execPath, ['dist/server.js'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      PORT_UK: String(port + 1),
      PORT_US_PROMO: String(port + 2),
      PORT_US_DISCOUNT: String(port + 3),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => String(chunk).includes('Demo logins') && resolve());
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return child;
}

async function json(base, method, path, body, token) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function prepare(base) {
  const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
  const { token } = await json(base, 'POST', '/api/v1/auth/email-register/', { email, password: 'bench-password' });
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
      { offer_type: 'sitewide_percent', description: `Coupon ${i}`, savings_percent: 10 + i, store: store.id, start_date: '2026-01-01' },
      token,
    );
  }
  await payAndApprove(base, token, store);
  return { token, store };
}

/** The public store page needs a paid subscription (local checkout) and the seeded staff's approval. */
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
  const staff = await json(base, 'POST', '/api/v1/auth/email-login/', { email: 'staff@couponcenter.local', password: 'staff1234' });
  await json(base, 'POST', `/api/v1/review/stores/${store.id}/approve/`, {}, staff.token);
}

async function measure(url, token) {
  const result = await autocannon({
    url,
    connections,
    duration,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

async function run(label, env, port) {
  const server = await startServer(env, port);
  try {
    const base = `http://127.0.0.1:${port}`;
    const { token, store } = await prepare(base);
    // Warm up JIT and connection pools.
    await autocannon({ url: `${base}/api/v1/coupons/?include_scheduled=1`, connections, duration: 2, headers: { authorization: `Bearer ${token}` } });
    const bare = await measure(`${base}/api/v1/health/`);
    const coupons = await measure(`${base}/api/v1/coupons/?store_slug=${store.slug}&client=7&include_scheduled=1`, token);
    const me = await measure(`${base}/api/v1/auth/me/`, token);
    const page = await measure(`${base}/stores/${store.slug}`);
    return [
      { database: label, route: 'GET /api/v1/health/ (bare)', ...bare },
      { database: label, route: 'GET /api/v1/coupons (10 coupons)', ...coupons },
      { database: label, route: 'GET /api/v1/auth/me/', ...me },
      { database: label, route: 'GET /stores/{slug} (public page, 10 coupons)', ...page },
    ].map((row) => ({ ...row, share: row.rps / bare.rps }));
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

const rows = [];
const dataDir = mkdtempSync(join(tmpdir(), 'cc-bench-'));
try {
  rows.push(...(await run('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' }, 4600)));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const admin = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 2000 });
let database;
try {
  await admin.connect();
  database = `cc_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${database}`);
} catch (error) {
  console.log(`PostgreSQL skipped: ${pgUrl} is not reachable (${error.message})`);
}
if (database) {
  const url = new URL(pgUrl);
  url.pathname = `/${database}`;
  try {
    rows.push(...(await run('PostgreSQL', { DATABASE_URL: url.toString(), DATA_DIR: dataDir }, 4700)));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  }
}
await admin.end().catch(() => undefined);

console.log(`\nautocannon, ${connections} connections, ${duration} s per route\n`);
console.log('| database | route | req/s | p99 (ms) | vs bare |');
console.log('| --- | --- | ---: | ---: | ---: |');
for (const row of rows) {
  console.log(`| ${row.database} | ${row.route} | ${Math.round(row.rps)} | ${row.p99} | ${Math.round(row.share * 100)}% |`);
}
