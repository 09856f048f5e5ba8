import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MESSAGES, type User } from '@cc/contract';
import { buildApp, type AppEnv } from '../src/app';
import {
  call,
  describeEachDatabase,
  freshDatabase,
  movableClock,
  register,
  testEnv,
  uniqueEmail,
} from './helpers';

/** A GET with exactly these headers (node:http adds none of its own). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

async function isolatedApp(env: Partial<AppEnv> = {}) {
  const database = await freshDatabase('pglite');
  const app = await buildApp({ database, env: testEnv(env), clock: movableClock(), logger: false });
  await app.ready();
  return { app, database, close: async () => (await app.close(), await database.close()) };
}

describeEachDatabase('platform', (ctx) => {
  it('answers unknown routes with 404 JSON', async () => {
    for (const url of ['/api/v1/nothing-here/', '/api/v2/coupons', '/whatever']) {
      const response = await call(ctx().app, 'GET', url);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toEqual({ message: MESSAGES.notFound, detail: MESSAGES.notFound });
    }
  });

  it('answers malformed JSON and a missing body with DRF-style 400s', async () => {
    const broken = await ctx().app.inject({
      method: 'POST',
      url: '/api/v1/auth/email-login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ non_field_errors: ['JSON parse error'] });
    const array = await call(ctx().app, 'POST', '/api/v1/auth/email-login/', { body: [1] });
    expect(array.statusCode).toBe(400);
    expect(Object.keys(array.json<object>())).toEqual(['non_field_errors']);
  });

  it('keeps users apart per client: the same email registers on each site separately', async () => {
    const email = uniqueEmail();
    await register(ctx().app, email, 'uk-password');
    const us = await call(ctx().app, 'POST', '/api/v1/auth/email-register/', {
      headers: { 'x-site-key': '10' },
      body: { email, password: 'us-password' },
    });
    expect(us.statusCode).toBe(201);
    const me = await call(ctx().app, 'GET', '/api/v1/auth/me/', {
      headers: { 'x-site-key': '10' },
      token: us.json<{ token: string }>().token,
    });
    expect(me.json<User>().client).toBe(10);
    const crossed = await call(ctx().app, 'POST', '/api/v1/auth/email-login/', {
      headers: { 'x-site-key': '10' },
      body: { email, password: 'uk-password' },
    });
    expect(crossed.statusCode).toBe(401);
  });

  it('publishes the OpenAPI document and a docs page from the route schemas, versioned as the server package', async () => {
    const doc = (await call(ctx().app, 'GET', '/api/v1/openapi.json')).json<{
      openapi: string;
      info: { version: string };
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(doc.openapi).toMatch(/^3\./);
    const { version } = JSON.parse(
      readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
    ) as { version: string };
    expect(doc.info.version).toBe(version);
    for (const path of [
      '/api/v1/auth/email-login/',
      '/api/v1/stores',
      '/api/v1/coupons',
      '/api/v1/coupons/sort-coupons/',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(doc.paths['/api/v1/coupons/{id}/']).toHaveProperty('delete');
    const page = await call(ctx().app, 'GET', '/api/v1/docs');
    expect([200, 302]).toContain(page.statusCode);
  });

  it('lists outgoing mail on the local mailbox page with clickable links', async () => {
    const email = uniqueEmail();
    await register(ctx().app, email);
    const page = await call(ctx().app, 'GET', '/dev/mailbox');
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain(email);
    expect(page.body).toMatch(/<a href="http:\/\/localhost:4007\/auth\/verify-email\?token=/);
  });
});

describe('platform limits and failures', () => {
  it('rate-limits login, register and password reset with 429', async () => {
    const { app, close } = await isolatedApp({
      rateLimit: { authMax: 3, uploadMax: 3, windowMs: 60_000 },
    });
    try {
      for (const url of [
        '/api/v1/auth/email-login/',
        '/api/v1/auth/email-register/',
        '/api/v1/auth/password-reset/',
      ]) {
        const statuses: number[] = [];
        for (let i = 0; i < 4; i += 1) {
          statuses.push(
            (await call(app, 'POST', url, { body: { email: '', password: '' } })).statusCode,
          );
        }
        expect(statuses.slice(0, 3)).not.toContain(429);
        expect(statuses[3]).toBe(429);
      }
      const limited = await call(app, 'POST', '/api/v1/auth/email-login/', {
        body: { email: 'a', password: 'b' },
      });
      expect(limited.json()).toMatchObject({ message: MESSAGES.tooManyRequests });
      expect((await call(app, 'GET', '/api/v1/health/')).statusCode).toBe(200);
    } finally {
      await close();
    }
  });

  it('behind a proxy, limits the address the proxy saw, whatever the client wrote into X-Forwarded-For', async () => {
    const { app, close } = await isolatedApp({
      trustProxyHops: 1,
      rateLimit: { authMax: 2, uploadMax: 2, windowMs: 60_000 },
    });
    try {
      const login = (forwardedFor: string) =>
        call(app, 'POST', '/api/v1/auth/email-login/', {
          headers: { 'x-forwarded-for': forwardedFor },
          body: { email: '', password: '' },
        });
      const statuses: number[] = [];
      // One shopper's address as the proxy saw it (last entry), with a different made-up entry each time.
      for (const spoofed of ['10.0.0.1', '10.0.0.2', '10.0.0.3'])
        statuses.push((await login(`${spoofed}, 203.0.113.9`)).statusCode);
      expect(statuses).toEqual([400, 400, 429]);
      // Someone else behind the same proxy is not limited.
      expect((await login('198.51.100.7')).statusCode).toBe(400);
    } finally {
      await close();
    }
  });

  it('answers 500 without leaking internals', async () => {
    const { app, database, close } = await isolatedApp();
    const { token } = await register(app);
    await database.close();
    const response = await call(app, 'GET', '/api/v1/auth/me/', { token });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      message: MESSAGES.serverError,
      detail: MESSAGES.serverError,
    });
    await app.close();
    await close().catch(() => undefined);
  });

  it("serves a brand's build on its port with SPA fallback, and takes the client from that port", async () => {
    const root = mkdtempSync(join(tmpdir(), 'cc-brand-'));
    const dist = join(root, 'apps', 'us-promo', 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>PromoPulse</title>');
    const script = 'console.log("VoucherNest, PromoPulse and DiscountDen");\n'.repeat(200);
    writeFileSync(join(dist, 'assets', 'index-Bx12ab34.js'), script);
    // What the brand build writes beside each text file (packages/merchant-centre/build/precompress.mjs).
    writeFileSync(join(dist, 'assets', 'index-Bx12ab34.js.br'), brotliCompressSync(script));
    writeFileSync(join(dist, 'assets', 'index-Bx12ab34.js.gz'), gzipSync(script));
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const { app, close } = await isolatedApp({
      repoRoot: root,
      brandPorts: { 7: 1, 8: port, 10: 2 },
    });
    server.on('request', (req, res) => app.routing(req, res));
    const base = `http://127.0.0.1:${port}`;
    try {
      const index = await fetch(`${base}/my-store`);
      expect(await index.text()).toContain('PromoPulse');
      expect(index.headers.get('cache-control')).toBe('no-cache');
      const asset = await fetch(`${base}/assets/index-Bx12ab34.js`, {
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(asset.headers.get('content-type')).toMatch(/javascript/);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(asset.headers.get('content-encoding')).toBe('br');
      expect(asset.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(await asset.text()).toBe(script);
      const gzipped = await fetch(`${base}/assets/index-Bx12ab34.js`, {
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gzipped.headers.get('content-encoding')).toBe('gzip');
      expect(await gzipped.text()).toBe(script);
      const plain = await fetch(`${base}/assets/index-Bx12ab34.js`, {
        headers: { 'accept-encoding': 'identity' },
      });
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(await plain.text()).toBe(script);
      // Each representation has its own ETag; a browser revalidates the one it holds.
      const etag = gzipped.headers.get('etag');
      expect(etag).toBeTruthy();
      expect(etag).not.toBe(plain.headers.get('etag'));
      // (fetch would add Cache-Control: no-cache to a conditional request, as the Fetch standard says.)
      const again = await rawGet(`${base}/assets/index-Bx12ab34.js`, {
        'accept-encoding': 'gzip',
        'if-none-match': etag ?? '',
      });
      expect(again).toEqual({ status: 304, body: '' });
      const page = await rawGet(`${base}/`, {
        'accept-encoding': 'identity',
        'if-none-match': index.headers.get('etag') ?? '',
      });
      expect(page.status).toBe(304);
      const api = await fetch(`${base}/api/v1/unknown`);
      expect(api.status).toBe(404);
      expect(await api.json()).toEqual({ message: MESSAGES.notFound, detail: MESSAGES.notFound });
      const registered = await fetch(`${base}/api/v1/auth/email-register/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: uniqueEmail(), password: 'shop-secret-123' }),
      });
      const { token } = (await registered.json()) as { token: string };
      const me = await fetch(`${base}/api/v1/auth/me/`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(((await me.json()) as User).client).toBe(8);
    } finally {
      server.close();
      await close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
