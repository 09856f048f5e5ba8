import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@cc/contract';
import { buildApp, type AppEnv } from '../src/app';
import {
  call,
  describeEachDatabase,
  freshDatabase,
  merchantWithStore,
  movableClock,
  register,
  testEnv,
  uniqueEmail,
} from './helpers';
import { listening } from './listening';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function scrape(app: FastifyInstance): Promise<string> {
  const response = await call(app, 'GET', '/metrics');
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
}

/** The value of the sample `name{labels}` in Prometheus text (labels in any order), or undefined. */
function sample(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = new Map(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((pair) => [pair[1], pair[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found.get(key) === value))
      return Number(match[3]);
  }
  return undefined;
}

/** How much `name{labels}` grew while `act` ran. */
async function growth(
  app: FastifyInstance,
  name: string,
  labels: Record<string, string>,
  act: () => Promise<unknown>,
) {
  const before = sample(await scrape(app), name, labels) ?? 0;
  await act();
  return (sample(await scrape(app), name, labels) ?? 0) - before;
}

describeEachDatabase('GET /metrics in Prometheus format', (ctx) => {
  it('counts requests and their latency by route pattern and status, never by the raw address', async () => {
    const { app } = ctx();
    const health = { method: 'GET', route: '/api/v1/health/', status_code: '200' };
    expect(
      await growth(app, 'http_requests_total', health, () => call(app, 'GET', '/api/v1/health/')),
    ).toBe(1);
    const page = { method: 'GET', route: '/stores/:slug', status_code: '404' };
    const pages = () =>
      Promise.all(
        ['no-such-store-1', 'no-such-store-2'].map((slug) => call(app, 'GET', `/stores/${slug}`)),
      );
    expect(await growth(app, 'http_requests_total', page, pages)).toBe(2);
    const text = await scrape(app);
    expect(text).not.toContain('no-such-store');
    const count = sample(text, 'http_request_duration_seconds_count', page) ?? 0;
    expect(count).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...page, le: '+Inf' })).toBe(
      count,
    );
    expect(sample(text, 'http_request_duration_seconds_sum', page)).toBeGreaterThan(0);
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });

  it('reports the mail outbox backlog, the database pool and the store_changed listener', async () => {
    const { app, backend } = ctx();
    const pending = { status: 'pending' };
    // Registering queues the verification mail; no SMTP server in tests, so it stays pending.
    expect(await growth(app, 'cc_outbox_messages', pending, () => register(app))).toBe(1);
    const text = await scrape(app);
    expect(sample(text, 'cc_outbox_messages', { status: 'failed' })).toBe(0);
    expect(sample(text, 'cc_outbox_oldest_pending_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'cc_store_changes_listening')).toBe(1);
    if (backend === 'postgres')
      expect(sample(text, 'cc_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    else expect(text).not.toContain('cc_db_pool_connections');
  });

  it("reports readiness's checks, and exports every metric the shipped alert rules watch", async () => {
    const { app, backend } = ctx();
    const text = await scrape(app);
    expect(sample(text, 'cc_readiness_check', { check: 'database' })).toBe(1);
    expect(sample(text, 'cc_readiness_check', { check: 'store_changes' })).toBe(1);
    const rules = readFileSync(
      resolve(import.meta.dirname, '../../../deploy/prometheus/alerts.yaml'),
      'utf8',
    );
    const watched = new Set(
      [...rules.matchAll(/\b((?:http|cc|nodejs)_[a-z0-9_]+)/g)].map((match) => match[1] ?? ''),
    );
    expect(watched.size).toBeGreaterThan(6);
    for (const name of watched) {
      // PGlite runs in-process: no pool to report.
      if (name === 'cc_db_pool_connections' && backend === 'pglite') continue;
      const family = name.replace(/_(bucket|count|sum)$/, '');
      expect(text, name).toContain(`# TYPE ${family} `);
    }
  });

  it("counts the caches' hits and misses and the entries they hold", async () => {
    const { app } = ctx();
    const { token, store } = await merchantWithStore(app);
    const lists = { cache: 'coupon_lists', result: 'hit' };
    const listTwice = async () => {
      for (let i = 0; i < 2; i += 1)
        expect((await call(app, 'GET', '/api/v1/coupons/', { token })).statusCode).toBe(200);
    };
    expect(await growth(app, 'cc_cache_lookups_total', lists, listTwice)).toBeGreaterThanOrEqual(1);
    expect(
      sample(await scrape(app), 'cc_cache_entries', { cache: 'coupon_lists' }),
    ).toBeGreaterThanOrEqual(1);
    // The store is not live: its page is the 404, but its head is kept after the first read.
    const heads = (result: string) => ({ cache: 'store_page_heads', result });
    const open = () => call(app, 'GET', `/stores/${store.slug}`);
    expect(await growth(app, 'cc_cache_lookups_total', heads('miss'), open)).toBe(1);
    expect(await growth(app, 'cc_cache_lookups_total', heads('hit'), open)).toBe(1);
    // The brand's 404 it answered is rendered once and held.
    expect(
      sample(await scrape(app), 'cc_cache_entries', { cache: 'store_pages' }),
    ).toBeGreaterThanOrEqual(1);
  });
});

describeEachDatabase(
  'GET /metrics counts rate-limit refusals',
  (ctx) => {
    it('counts each 429 by route', async () => {
      const { app } = ctx();
      const route = { route: '/api/v1/auth/email-login/' };
      const login = () =>
        call(app, 'POST', '/api/v1/auth/email-login/', {
          body: { email: uniqueEmail(), password: 'wrong-one' },
        });
      expect(
        await growth(app, 'cc_rate_limit_refusals_total', route, () =>
          login().then(login).then(login),
        ),
      ).toBe(2);
    });
  },
  { env: { rateLimit: { authMax: 1, uploadMax: 1, windowMs: 60_000 } } },
);

/** An app on two real ports, the API's and client 7's (the only brand served), with `env` on top. */
async function appOnPorts(env: Partial<AppEnv>, logger?: { level: string; stream: Writable }) {
  const ports = await listening(2);
  const [api = 0, brand = 0] = ports.ports;
  const database = await freshDatabase('pglite');
  const app = await buildApp({
    database,
    clock: movableClock(),
    logger: logger ?? false,
    env: testEnv({ brandPorts: { 7: brand, 8: 1, 10: 2 }, brands: [7], ...env }),
  });
  await app.ready();
  ports.route(app);
  return {
    app,
    database,
    api: (path: string, init?: RequestInit) => fetch(ports.url(api, path), init),
    brand: (path: string, init?: RequestInit) => fetch(ports.url(brand, path), init),
    close: async () => {
      await ports.close();
      await app.close();
      await database.close().catch(() => undefined);
    },
  };
}

describe('/metrics is on the API port only', () => {
  it('answers 404 on a brand port, and asks for METRICS_TOKEN as a bearer token when it is set', async () => {
    const token = 'a-metrics-token-long-enough';
    const { api, brand, close } = await appOnPorts({ metricsToken: token });
    try {
      const bearer = { headers: { authorization: `Bearer ${token}` } };
      const onBrand = await brand('/metrics', bearer);
      expect(onBrand.status).toBe(404);
      expect(await onBrand.json()).toEqual({
        message: MESSAGES.notFound,
        detail: MESSAGES.notFound,
      });
      const anonymous = await api('/metrics');
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(
        (await api('/metrics', { headers: { authorization: 'Bearer not-the-token' } })).status,
      ).toBe(401);
      const scraped = await api('/metrics', bearer);
      expect(scraped.status).toBe(200);
      expect(await scraped.text()).toContain('# TYPE http_requests_total counter');
    } finally {
      await close();
    }
  });
});

describe('request ids', () => {
  it('echoes a short safe X-Request-Id, and answers a new UUID for none or an unsafe one, errors included', async () => {
    const database = await freshDatabase('pglite');
    const app = await buildApp({ database, clock: movableClock(), env: testEnv(), logger: false });
    try {
      const given = await call(app, 'GET', '/api/v1/health/', {
        headers: { 'x-request-id': 'edge-7f3a.21:b' },
      });
      expect(given.headers['x-request-id']).toBe('edge-7f3a.21:b');
      for (const unsafe of [
        undefined,
        'has spaces',
        'a'.repeat(65),
        'line\\nbreak',
        '{"json":1}',
      ]) {
        const headers: Record<string, string> =
          unsafe === undefined ? {} : { 'x-request-id': unsafe };
        const response = await call(app, 'GET', '/api/v1/health/', { headers });
        expect(response.headers['x-request-id'], String(unsafe)).toMatch(UUID);
      }
      const missing = await call(app, 'GET', '/api/v1/no-such-thing', {
        headers: { 'x-request-id': 'trace-404' },
      });
      expect([missing.statusCode, missing.headers['x-request-id']]).toEqual([404, 'trace-404']);
      const invalid = await call(app, 'POST', '/api/v1/auth/email-login/', {
        body: {},
        headers: { 'x-request-id': 'trace-400' },
      });
      expect([invalid.statusCode, invalid.headers['x-request-id']]).toEqual([400, 'trace-400']);
      const badUrl = await call(app, 'GET', '/%E0%A4%A', {
        headers: { 'x-request-id': 'trace-bad-url' },
      });
      expect([badUrl.statusCode, badUrl.headers['x-request-id']]).toEqual([400, 'trace-bad-url']);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it("puts the request's id on every log line of that request, a failure's too", async () => {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean))
          lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const { app, database, api, close } = await appOnPorts({}, { level: 'info', stream });
    try {
      const { token } = await register(app);
      // With the database gone, the next request fails (500) and the error handler logs why.
      await database.close();
      lines.length = 0;
      const response = await api('/api/v1/auth/me/', {
        headers: { authorization: `Bearer ${token}`, 'x-request-id': 'trace-me' },
      });
      expect(response.status).toBe(500);
      expect(response.headers.get('x-request-id')).toBe('trace-me');
      expect(lines.map((line) => line.msg)).toEqual([
        'incoming request',
        'request failed',
        'request completed',
      ]);
      for (const line of lines) expect(line.reqId, JSON.stringify(line)).toBe('trace-me');
    } finally {
      await close();
    }
  });
});
