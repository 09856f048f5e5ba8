import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/core/data/db';
import { isDatabaseUnavailable } from '../src/core/http/plugins/database-unavailable';
import {
  call,
  freshDatabase,
  movableClock,
  PG_URL,
  postgresUnavailable,
  register,
  testEnv,
} from './helpers';

/** A TCP hop in front of PostgreSQL that the test can cut, as a database going down looks to the app. */
async function cuttableProxy(target: URL): Promise<{ port: number; cut: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const [host, port] = [target.hostname, Number(target.port || 5432)];
  const server: Server = createServer((client) => {
    const upstream = connect(port, host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    port: (server.address() as AddressInfo).port,
    cut: async () => {
      await new Promise<void>((done) => {
        server.close(() => done());
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}

describe.skipIf(postgresUnavailable !== undefined)('while PostgreSQL refuses connections', () => {
  let direct: Database;
  let proxied: Database;
  let app: FastifyInstance;
  let proxy: Awaited<ReturnType<typeof cuttableProxy>>;

  beforeAll(async () => {
    direct = await freshDatabase('postgres');
    const url = new URL(PG_URL);
    const [current] = await direct.db
      .select({ name: sql<string>`current_database()` })
      .from(sql`(select 1) as one`);
    const name = current?.name ?? '';
    proxy = await cuttableProxy(url);
    url.host = `127.0.0.1:${proxy.port}`;
    url.pathname = `/${name}`;
    proxied = openDatabase({ url: url.toString(), poolSize: 4 });
    app = await buildApp({
      database: proxied,
      clock: movableClock(),
      env: testEnv(),
      logger: false,
    });
    await app.ready();
  });
  afterAll(async () => {
    // The app's pool and listener talk to a cut hop: closing them may wait on connections that
    // never answer, so each close gets a bound; the database itself is dropped directly.
    const within = (closing: Promise<unknown>, ms: number) =>
      Promise.race([
        closing.catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, ms)),
      ]);
    await within(app.close(), 10_000);
    await within(proxied.close(), 5_000);
    await direct.close();
  });

  it('answers 503 with Retry-After on every route that needs it, never 500', async () => {
    const { token } = await register(app);
    await proxy.cut();
    const calls = [
      call(app, 'POST', '/api/v1/auth/email-login/', {
        body: { email: 'a@b.co', password: 'shop-secret-123' },
      }),
      call(app, 'POST', '/api/v1/auth/email-register/', {
        body: { email: 'new@b.co', password: 'shop-secret-123' },
      }),
      call(app, 'GET', '/api/v1/coupon-center-transactions/', { token }),
      call(app, 'GET', '/api/v1/coupons/?store_slug=x&client=7', { token }),
      call(app, 'GET', '/api/Merchant/List'),
    ];
    const answers = await Promise.all(calls);
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.json()).toMatchObject({ message: 'Service Unavailable' });
    }
  });
});

describe('isDatabaseUnavailable', () => {
  it('tells a connection failure, wrapped or not, from a fault in the query', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: refused }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isDatabaseUnavailable(Object.assign(new Error('shutting down'), { code: '57P01' })),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' })),
    ).toBe(false);
    expect(isDatabaseUnavailable(new Error('column "x" does not exist'))).toBe(false);
    expect(isDatabaseUnavailable('text')).toBe(false);
  });
});
