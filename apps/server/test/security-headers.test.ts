import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppEnv } from '../src/app';
import type { Database } from '../src/core/data/db';
import { TEST_MODE_TEXT } from '../src/billing/checkout-pages';
import { freshDatabase, movableClock, testEnv } from './helpers';
import { merchant, openLink, planOf, submitCard, GOOD_CARD } from './fakes/checkout-browser';

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Map<string, string[]> {
  expect(typeof header, 'content-security-policy header').toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...values]) => [name, values]),
  );
}

/** What the issue asks of every HTML answer but the public store pages. */
function expectAppPolicy(header: unknown): void {
  const policy = directives(header);
  expect(policy.get('script-src')).toEqual(["'self'"]);
  expect(policy.get('script-src-attr')).toEqual(["'none'"]);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")[^>]*>/;

type Running = {
  app: FastifyInstance;
  database: Database;
  base: string;
  close: () => Promise<void>;
};

/** The app on a real brand port with a built brand and review console in a temporary repository root. */
async function running(env: Partial<AppEnv>): Promise<Running> {
  const root = mkdtempSync(join(tmpdir(), 'cc-csp-'));
  for (const app of ['uk', 'review']) {
    mkdirSync(join(root, 'apps', app, 'dist'), { recursive: true });
    writeFileSync(
      join(root, 'apps', app, 'dist', 'index.html'),
      '<!doctype html><title>landing</title><script defer src="/assets/boot.js"></script>',
    );
  }
  writeFileSync(
    join(root, 'apps', 'uk', 'dist', 'app.html'),
    '<!doctype html><title>app</title><script type="module" src="/assets/index.js"></script>',
  );
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as AddressInfo).port;
  const database = await freshDatabase('pglite');
  const app = await buildApp({
    database,
    clock: movableClock(),
    logger: false,
    env: testEnv({ repoRoot: root, brandPorts: { 7: port, 8: 1, 10: 2 }, ...env }),
  });
  await app.ready();
  server.on('request', (req, res) => app.routing(req, res));
  return {
    app,
    database,
    base: `http://127.0.0.1:${port}`,
    close: async () => {
      server.close();
      await app.close();
      await database.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

describe('Content-Security-Policy and transport security on every HTML answer', () => {
  let site: Running;
  beforeAll(async () => {
    site = await running({});
  });
  afterAll(async () => site.close());

  it('sends the brand app and the review console with no inline script allowed and no framing', async () => {
    for (const path of ['/', '/my-store', '/review/', '/review/stores/3']) {
      const response = await fetch(`${site.base}${path}`);
      expect(response.headers.get('content-type'), path).toMatch(/text\/html/);
      expectAppPolicy(response.headers.get('content-security-policy'));
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    }
  });

  it('answers / with the prerendered landing page and every other address with the app shell', async () => {
    expect(await (await fetch(`${site.base}/`)).text()).toContain('<title>landing</title>');
    for (const path of ['/my-store', '/coupons/12', '/login']) {
      const response = await fetch(`${site.base}${path}`);
      expect(await response.text(), path).toContain('<title>app</title>');
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('sends the API docs under the same policy', async () => {
    const docs = await site.app.inject({ method: 'GET', url: '/api/v1/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).not.toMatch(INLINE_SCRIPT);
    expectAppPolicy(docs.headers['content-security-policy']);
  });

  it('keeps the public store pages on their own policy, framable by this origin for staff previews', async () => {
    const page = await site.app.inject({ method: 'GET', url: '/stores/no-such-store' });
    expect(page.statusCode).toBe(404);
    const policy = directives(page.headers['content-security-policy']);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
  });

  it('sends no HSTS outside production', async () => {
    const response = await site.app.inject({ method: 'GET', url: '/api/v1/health/' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('serves the checkout pages and receipts with no inline script, saying TEST MODE for the local processor', async () => {
    const { app } = site;
    const m = await merchant(app);
    const token = await m.token();
    const session = await openLink(app, (await planOf(app, token)).payment_link.url);
    const form = await app.inject({ method: 'GET', url: session });
    const declined = await submitCard(app, session, {
      ...GOOD_CARD,
      card_number: '4000 0000 0000 0002',
    });
    const paid = await submitCard(app, session, GOOD_CARD);
    const receipt = await app.inject({ method: 'GET', url: String(paid.headers.location) });
    const missing = await app.inject({ method: 'GET', url: '/checkout/receipts/nothing-here' });
    for (const page of [form, declined, receipt, missing]) {
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).toContain(TEST_MODE_TEXT);
      expect(page.body).not.toMatch(INLINE_SCRIPT);
      expectAppPolicy(page.headers['content-security-policy']);
    }
    // The just-paid receipt tells the merchant site's tabs through a script file of this origin.
    expect(receipt.body).toContain('<script src="/checkout/assets/paid.js"></script>');
    const script = await app.inject({ method: 'GET', url: '/checkout/assets/paid.js' });
    expect(script.headers['content-type']).toMatch(/text\/javascript/);
    expect(script.body).toContain(
      'BroadcastChannel("coupon-center-billing").postMessage({type:\'subscription-changed\'})',
    );
  });
});

describe('in production', () => {
  let site: Running;
  beforeAll(async () => {
    site = await running({ isProduction: true });
  });
  afterAll(async () => site.close());

  it('sends HSTS and asks browsers to upgrade insecure requests', async () => {
    const response = await fetch(`${site.base}/my-store`);
    expect(response.headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(
      directives(response.headers.get('content-security-policy')).has('upgrade-insecure-requests'),
    ).toBe(true);
  });
});
