import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import type { ClientId } from '@cc/config';
import type { AuthTokens, Store } from '@cc/contract';
import { buildApp, type AppEnv } from '../src/app';
import { usersRepository } from '../src/auth/repository';
import { isoDate, type Clock } from '../src/core/platform/clock';
import { openDatabase, type Database } from '../src/core/data/db';
import { PG_URL, probePostgres, suiteBackends, type Backend } from './backends';
import { templateDatabaseName } from './database-templates';

export { PG_URL, type Backend };

/** Why the PostgreSQL suites are skipped, or undefined when a server answers. */
export const postgresUnavailable = await probePostgres();
if (postgresUnavailable) {
  console.log(`PostgreSQL suites skipped: no server at ${PG_URL} (${postgresUnavailable})`);
}

function backendsOfThisRun(): Backend[] {
  const backends = suiteBackends(postgresUnavailable);
  if (process.env.TEST_DATABASES === 'postgres' && postgresUnavailable !== undefined)
    console.log(
      'TEST_DATABASES=postgres: no PostgreSQL server answers, so the suites run on PGlite',
    );
  return backends;
}

export type MovableClock = { now: () => Date; advance: (ms: number) => void };

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * A clock the test moves by hand. It starts at the machine's current hour, so the
 * suite runs on whatever date the machine has (CI also runs it with the date shifted
 * a year each way): tests take their dates from it (dayOffset), never from a literal.
 */
export function movableClock(
  start = new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS),
): MovableClock {
  let offset = 0;
  return { now: () => new Date(start.getTime() + offset), advance: (ms) => void (offset += ms) };
}

/** The UTC day (yyyy-MM-dd) `days` after the clock's current one; negative for days before. */
export function dayOffset(clock: Clock, days: number): string {
  return isoDate(new Date(clock.now().getTime() + days * DAY_MS));
}

/** Each brand's sender, as MAIL_FROM_<KEY> gives them, for tests that send through SMTP. */
export const TEST_SENDERS = {
  7: 'VoucherNest <no-reply@vouchernest.test>',
  8: 'PromoPulse <no-reply@promopulse.test>',
  10: 'DiscountDen <no-reply@discountden.test>',
} as const;

export const testEnv = (overrides: Partial<AppEnv> = {}): AppEnv => ({
  isProduction: false,
  brandOrigins: {
    7: 'http://localhost:4007',
    8: 'http://localhost:4008',
    10: 'http://localhost:4010',
  },
  brandPorts: { 7: 4007, 8: 4008, 10: 4010 },
  jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
  smtp: undefined,
  rateLimit: { authMax: 10_000, uploadMax: 10_000, windowMs: 60_000 },
  repoRoot: resolve(import.meta.dirname, '..', '..', '..'),
  logLevel: 'silent',
  // Each event's counts are written before it is answered, so a test reads them at once;
  // the batches themselves are tested in store-page-count-batches.test.ts.
  counting: { flushMs: 0, maxPending: 2000 },
  ...overrides,
});

/**
 * A fresh database: PGlite in memory, or a new database on the PostgreSQL server; each a copy of
 * the migrated one the run's global set-up made (database-templates.ts), so a file does not
 * migrate its own. `migrate` then only finds every migration applied.
 */
export async function freshDatabase(backend: Backend): Promise<Database> {
  if (backend === 'pglite') {
    const dump = inject('pgliteDump');
    const from = dump ? new Blob([readFileSync(dump)]) : undefined;
    const database = openDatabase({ dataDir: undefined, from });
    await database.migrate();
    return database;
  }
  const name = `cc_test_${randomBytes(6).toString('hex')}`;
  const template = inject('postgresTemplate');
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(
    template
      ? `CREATE DATABASE ${name} TEMPLATE ${templateDatabaseName(template)}`
      : `CREATE DATABASE ${name}`,
  );
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const database = openDatabase({ url: url.toString(), poolSize: 20 });
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: PG_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export type TestContext = {
  app: FastifyInstance;
  clock: MovableClock;
  database: Database;
  backend: Backend;
};

/**
 * Runs `suite` once per database: PGlite always, PostgreSQL when reachable.
 * Each run gets its own fresh database and app; its clock starts at the machine's hour, or at
 * `clockStart` for a suite about fixed calendar dates (month ends, leap years).
 */
export function describeEachDatabase(
  name: string,
  suite: (ctx: () => TestContext) => void,
  options: { env?: Partial<AppEnv>; clockStart?: Date } = {},
): void {
  for (const backend of backendsOfThisRun()) {
    const skip = backend === 'postgres' && postgresUnavailable !== undefined;
    describe.skipIf(skip)(`${name} [${backend}]`, () => {
      let context: TestContext | undefined;
      beforeAll(async () => {
        const database = await freshDatabase(backend);
        const clock = movableClock(options.clockStart);
        const app = await buildApp({ database, clock, env: testEnv(options.env), logger: false });
        await app.ready();
        context = { app, clock, database, backend };
      });
      afterAll(async () => {
        await context?.app.close();
        await context?.database.close();
      });
      suite(() => {
        if (!context) throw new Error('test context not ready');
        return context;
      });
    });
  }
}

/**
 * A second API instance on the suite's database, as behind a load balancer: built before the
 * suite's tests, closed after them. Call inside a `describeEachDatabase` suite.
 */
export function secondInstance(ctx: () => TestContext): () => FastifyInstance {
  let other: FastifyInstance | undefined;
  beforeAll(async () => {
    const { database, clock } = ctx();
    other = await buildApp({ database, clock, env: testEnv(), logger: false });
    await other.ready();
  });
  afterAll(async () => {
    await other?.close();
  });
  return () => {
    if (!other) throw new Error('second instance not ready');
    return other;
  };
}

type CallOptions = {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  query?: Record<string, string>;
};

export async function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    query: options.query,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
}

let counter = 0;
export function uniqueEmail(prefix = 'merchant'): string {
  counter += 1;
  return `${prefix}-${counter}-${randomBytes(3).toString('hex')}@example.com`;
}

export async function register(
  app: FastifyInstance,
  email = uniqueEmail(),
  password = 'shop-secret-123',
): Promise<AuthTokens> {
  const response = await call(app, 'POST', '/api/v1/auth/email-register/', {
    body: { email, password, siteId: 7, type: 2, first_name: 'N/A', last_name: 'N/A' },
  });
  if (response.statusCode !== 201)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return response.json<AuthTokens>();
}

export function storeBody(name = `Shop ${randomBytes(3).toString('hex')}`) {
  return {
    name,
    contact_first_name: 'Ada',
    contact_last_name: 'Lovelace',
    contact_email: 'ada@example.com',
    logo_url: '',
    website_url: 'example.com',
    affiliate_website_url: '',
    client: 7,
    slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-voucher-codes`,
    location: 'uk',
    primary_category: 1536,
  };
}

/** Marks the brand's account of `email` verified, as following its verification link does. */
export async function markVerified(
  app: FastifyInstance,
  email: string,
  client: ClientId = 7,
): Promise<void> {
  const users = usersRepository(app.db);
  const user = await users.findByEmail(client, email);
  if (!user) throw new Error(`no user ${email}`);
  await users.update(user.id, { emailVerified: true });
}

/**
 * A registered merchant with a store. Their email is verified first (a store enters the review
 * queue only then), unless `verified: false`.
 */
export async function merchantWithStore(
  app: FastifyInstance,
  options: { verified?: boolean } = {},
): Promise<{ token: string; store: Store }> {
  const email = uniqueEmail();
  const { token } = await register(app, email);
  if (options.verified !== false) await markVerified(app, email);
  const response = await call(app, 'POST', '/api/v1/stores/', { token, body: storeBody() });
  if (response.statusCode !== 201)
    throw new Error(`store failed: ${response.statusCode} ${response.body}`);
  return { token, store: response.json<Store>() };
}

/** The merchant centre's coupon body for `store`: started today on the clock, ending in 30 days. */
export function couponBody(clock: Clock, overrides: { store: unknown } & Record<string, unknown>) {
  return {
    offer_type: 'sitewide_percent',
    approved: true,
    custom_url: '',
    description: '20% off everything',
    destination_affiliate_url: '',
    destination_coupon_url: 'https://example.com/sale',
    discount_code: 'SAVE20',
    expiration_date: dayOffset(clock, 30),
    savings_amount: null,
    savings_minimum_order: '10',
    savings_percent: 20,
    start_date: dayOffset(clock, 0),
    title: '20% OFF',
    up_to_savings_percent: 0,
    ...overrides,
  };
}

/** Polls `read` until `done` holds, for at most `ms` (a notification arrives in milliseconds). */
export async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  ms = 3_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    value = await read();
  }
  return value;
}
