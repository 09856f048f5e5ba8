import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CouponStatsList } from '@cc/contract';
import { loadEnv } from '../src/core/platform/env';
import { PRODUCTION, without } from './production-settings';
import { freePorts, startServer } from './server-process';

const REPO = resolve(import.meta.dirname, '..', '..', '..');

/** A production start on the embedded database (one process, no PostgreSQL needed), local test billing. */
function production(dataDir: string, shutdown: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...without(PRODUCTION, 'DATABASE_URL'),
    EMBEDDED_DATABASE: '1',
    BILLING_PROVIDER: 'local',
    ALLOW_TEST_BILLING: '1',
    DATA_DIR: dataDir,
    ...shutdown,
  };
}

/** One TCP connection spoken to by hand, as a proxy's: what came back, and when the server closed it. */
function connection(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((done) => socket.once('close', () => done()));
  return {
    send: (text: string) => socket.write(text),
    received: () => received,
    /** Waits until `text` has come back (or fails after `ms`). */
    async until(text: string, ms = 10_000): Promise<string> {
      const deadline = Date.now() + ms;
      while (!received.includes(text)) {
        if (Date.now() > deadline) throw new Error(`"${text}" never came; got: ${received}`);
        await new Promise((done) => setTimeout(done, 20));
      }
      return received;
    },
    closed,
  };
}

/** Polls `check` every 20 ms until it holds; fails after `ms`. */
async function until(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error('the condition never held');
    await new Promise((done) => setTimeout(done, 20));
  }
}

const refused = (url: string) =>
  fetch(url).then(
    () => false,
    (error: unknown) => (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED',
  );

const credentials = { email: 'draining@example.com', password: 'shop-secret-123', siteId: 7 };

/** A sign-in whose body the client has not finished sending: in flight from the server's side. */
function slowSignIn(port: number) {
  const body = JSON.stringify(credentials);
  const request = connection(port);
  const head = [
    'POST /api/v1/auth/email-login/ HTTP/1.1',
    'Host: 127.0.0.1',
    'Content-Type: application/json',
    `Content-Length: ${body.length}`,
    'Expect: 100-continue',
  ];
  request.send(`${head.join('\r\n')}\r\n\r\n`);
  return {
    ...request,
    /** The server has read the head and handed the request on (it answered 100 Continue); half the body goes. */
    started: async () => {
      await request.until('100 Continue');
      request.send(body.slice(0, 10));
    },
    finish: () => request.send(body.slice(10)),
  };
}

describe('graceful shutdown of the real server', () => {
  it('on SIGTERM answers 503 on readiness while it still serves, then refuses new connections, finishes the sign-in in flight with 200 and exits 0', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cc-shutdown-'));
    const ports = await freePorts(4);
    const [api, uk] = ports.map((port) => `http://127.0.0.1:${port}`);
    const started = await startServer(production(dataDir, { SHUTDOWN_DRAIN_MS: '3000' }), ports);
    try {
      expect(started.code, started.stderr).toBeNull();
      const registered = await fetch(`${uk}/api/v1/auth/email-register/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...credentials, type: 2, first_name: 'N/A', last_name: 'N/A' }),
      });
      expect(registered.status).toBe(201);

      // A keep-alive connection a proxy holds between requests: open, idle.
      const idle = connection(ports[1] ?? 0);
      idle.send('GET /api/v1/health/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      const first = await idle.until('{"status":"ok"}');
      expect(first).toMatch(/^HTTP\/1\.1 200/);
      expect(first).toMatch(/\r\nKeep-Alive: timeout=65\r\n/i);

      const signIn = slowSignIn(ports[1] ?? 0);
      await signIn.started();
      started.signal('SIGTERM');

      // The drain: readiness fails on every port, every other request is still answered.
      let draining: Response | undefined;
      await until(async () => {
        draining = await fetch(`${api}/api/v1/health/ready`);
        return draining.status === 503;
      });
      expect(await draining?.json()).toEqual({
        status: 'unavailable',
        database: 'up',
        store_changes: 'up',
        shutting_down: true,
      });
      expect((await fetch(`${uk}/api/v1/health/ready`)).status).toBe(503);
      expect((await fetch(`${uk}/api/v1/health/`)).status).toBe(200);

      // Then no new connection on any port; the idle one is closed at once.
      await until(() => refused(`${uk}/api/v1/health/`), 15_000);
      expect(await refused(`${api}/api/v1/health/`)).toBe(true);
      await idle.closed;
      expect(started.code).toBeNull();

      signIn.finish();
      const answer = await signIn.until('"token"');
      expect(answer).toMatch(/HTTP\/1\.1 200 OK/);
      expect(answer).toMatch(/\r\nconnection: close\r\n/i);
      await signIn.closed;
      await started.exited;
      expect(started.code, started.stderr).toBe(0);
      expect(started.stdout).toContain(
        'SIGTERM: readiness answers 503; new connections are refused in 3000 ms, then requests in flight have 20000 ms to finish',
      );
      expect(started.stdout).toContain('Stopped: 1 request in flight finished');
      expect(started.stderr).toBe('');
    } finally {
      await started.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('cuts what is still in flight after SHUTDOWN_TIMEOUT_MS, says so in one line and exits 1', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cc-shutdown-'));
    const ports = await freePorts(4);
    const started = await startServer(
      production(dataDir, { SHUTDOWN_DRAIN_MS: '0', SHUTDOWN_TIMEOUT_MS: '1000' }),
      ports,
    );
    try {
      expect(started.code, started.stderr).toBeNull();
      const signIn = slowSignIn(ports[0] ?? 0);
      await signIn.started();
      const signalled = Date.now();
      started.signal('SIGTERM');
      await signIn.closed;
      await started.exited;
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(1000);
      expect(signIn.received()).not.toContain('"token"');
      expect(started.code).toBe(1);
      expect(started.stderr.trim().split('\n')).toEqual([
        'Shutdown timed out: 1 request still in flight after SHUTDOWN_TIMEOUT_MS (1000 ms) cut; exit code 1',
      ]);
    } finally {
      await started.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

/** The demo merchant's 30-day counts per coupon, read through the running server (the demo seed's live store). */
async function demoCounts(brand: string): Promise<Map<number, { views: number; reveals: number }>> {
  const login = await fetch(`${brand}/api/v1/auth/email-login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@vouchernest.co.uk', password: 'demo1234', siteId: 7 }),
  });
  const { token } = (await login.json()) as { token: string };
  const stats = await fetch(`${brand}/api/v1/coupons/stats/`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { results } = (await stats.json()) as CouponStatsList;
  return new Map(results.map((row) => [row.coupon, { views: row.views, reveals: row.reveals }]));
}

describe("shoppers' counts held by the real server", () => {
  it('are all written on SIGTERM before the exit, though the next timed write was minutes away', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cc-counts-'));
    // Written every ten minutes or at 100,000 events: only the shutdown can write these.
    const env = { DATA_DIR: dataDir, COUNT_FLUSH_MS: '600000', COUNT_BATCH_MAX: '100000' };
    const slug = 'harbour-homeware-voucher-codes';
    const shoppers = 25;
    try {
      let ports = await freePorts(4);
      let started = await startServer(env, ports);
      let uk = `http://127.0.0.1:${ports[1] ?? 0}`;
      expect(started.code, started.stderr).toBeNull();
      const before = await demoCounts(uk);
      const page = await fetch(`${uk}/stores/${slug}`);
      expect(page.status).toBe(200);
      const revealed = Number(/data-coupon="(\d+)"/.exec(await page.text())?.[1]);
      for (let shopper = 0; shopper < shoppers; shopper += 1) {
        const view = await fetch(`${uk}/stores/${slug}/events?type=view`, {
          method: 'POST',
          headers: { 'user-agent': `Shopper ${shopper}` },
        });
        expect(view.status).toBe(204);
      }
      const reveal = await fetch(`${uk}/stores/${slug}/events?type=reveal&coupon=${revealed}`, {
        method: 'POST',
        headers: { 'user-agent': 'Shopper 0' },
      });
      expect(reveal.status).toBe(204);
      started.signal('SIGTERM');
      await started.exited;
      expect(started.code, started.stderr).toBe(0);

      // Started again on the same data: each coupon on the page has every shopper's view, the revealed one its reveal.
      ports = await freePorts(4);
      started = await startServer(env, ports);
      try {
        uk = `http://127.0.0.1:${ports[1] ?? 0}`;
        const after = await demoCounts(uk);
        const viewsAdded = [...after].map(
          ([coupon, counts]) => counts.views - (before.get(coupon)?.views ?? 0),
        );
        expect(viewsAdded.filter((added) => added === shoppers).length).toBeGreaterThan(0);
        expect(viewsAdded.every((added) => added === 0 || added === shoppers)).toBe(true);
        expect((after.get(revealed)?.reveals ?? 0) - (before.get(revealed)?.reveals ?? 0)).toBe(1);
      } finally {
        await started.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});

describe('shutdown and keep-alive defaults against the proxy of deploy/compose.yaml', () => {
  const haproxy = readFileSync(join(REPO, 'deploy', 'compose', 'haproxy.cfg'), 'utf8');
  const compose = readFileSync(join(REPO, 'deploy', 'compose.yaml'), 'utf8');
  const seconds = (pattern: RegExp, text: string) =>
    Number(pattern.exec(text)?.[1] ?? Number.NaN) * 1000;

  it('drains 5 s in production (0 elsewhere), longer than HAProxy takes to mark an instance down', () => {
    const production = loadEnv({ ...PRODUCTION }).shutdown;
    expect(production).toEqual({ drainMs: 5000, timeoutMs: 20_000 });
    expect(loadEnv({ DATA_DIR: mkdtempSync(join(tmpdir(), 'cc-env-')) }).shutdown).toEqual({
      drainMs: 0,
      timeoutMs: 20_000,
    });
    const check = /default-server inter (\d+)s fall (\d+)/.exec(haproxy);
    expect(Number(check?.[1]) * Number(check?.[2]) * 1000).toBeLessThan(production.drainMs);
    // The container's grace period before podman or docker kills it covers the drain and the timeout.
    expect(seconds(/stop_grace_period: (\d+)s/, compose)).toBeGreaterThan(
      production.drainMs + production.timeoutMs,
    );
  });

  it('keeps idle connections open 65 s, longer than HAProxy keeps its idle connections, and HAProxy does not pass that on to clients', () => {
    const { keepAliveTimeoutMs } = loadEnv({ ...PRODUCTION });
    expect(keepAliveTimeoutMs).toBe(65_000);
    // HAProxy 2.6 closed an idle connection to an instance about 3 purge delays after its last answer (15 s at 5 s).
    expect(seconds(/pool-purge-delay (\d+)s/, haproxy) * 3).toBeLessThan(keepAliveTimeoutMs);
    expect(seconds(/timeout http-keep-alive (\d+)s/, haproxy)).toBeLessThan(keepAliveTimeoutMs);
    // HAProxy forwards the instances' `Keep-Alive: timeout=65`; a client believing it would outlast HAProxy's 10 s.
    const backends = haproxy.split(/^backend /m).slice(1);
    expect(backends).toHaveLength(4);
    for (const backend of backends)
      expect(backend).toContain('http-response del-header keep-alive');
  });
});
