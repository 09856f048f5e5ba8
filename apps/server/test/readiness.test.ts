import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { migrationsFolder, openDatabase, type Database } from '../src/core/data/db';
import {
  call,
  freshDatabase,
  movableClock,
  PG_URL,
  postgresUnavailable,
  testEnv,
  until,
} from './helpers';

type Ready = { status: string; database: 'up' | 'down'; store_changes: 'up' | 'down' };

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The name of a test's own PostgreSQL database. */
async function databaseName(database: Database): Promise<string> {
  const [row] = await database.db
    .select({ name: sql<string>`current_database()` })
    .from(sql`(select 1) as one`);
  if (!row) throw new Error('no database name');
  return row.name;
}

describe('readiness on the embedded database', () => {
  it('answers 200 while the database answers, 503 once it is gone; liveness stays 200', async () => {
    const database = await freshDatabase('pglite');
    const app = await buildApp({ database, env: testEnv(), clock: movableClock(), logger: false });
    const ready = await call(app, 'GET', '/api/v1/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json<Ready>()).toEqual({ status: 'ready', database: 'up', store_changes: 'up' });
    expect(ready.headers['cache-control']).toBe('no-store');

    await database.close();
    const gone = await call(app, 'GET', '/api/v1/health/ready');
    expect(gone.statusCode).toBe(503);
    expect(gone.json<Ready>()).toMatchObject({ status: 'unavailable', database: 'down' });
    expect((await call(app, 'GET', '/api/v1/health/')).statusCode).toBe(200);
    await app.close();
  });
});

describe.skipIf(postgresUnavailable !== undefined)('on a PostgreSQL server', () => {
  it('goes 503 while the store-changes listener is lost and 200 once it is back', async () => {
    const database = await freshDatabase('postgres');
    const app = await buildApp({ database, env: testEnv(), clock: movableClock(), logger: false });
    try {
      const name = await databaseName(database);
      const ready = () => call(app, 'GET', '/api/v1/health/ready');
      expect((await ready()).statusCode).toBe(200);

      await admin((client) =>
        client.query(
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND application_name = 'cc-listen-store_changed'",
          [name],
        ),
      );
      const lost = await until(ready, (response) => response.statusCode === 503);
      expect(lost.json<Ready>()).toMatchObject({ database: 'up', store_changes: 'down' });
      const back = await until(ready, (response) => response.statusCode === 200, 15_000);
      expect(back.json<Ready>()).toEqual({ status: 'ready', database: 'up', store_changes: 'up' });
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('goes 503 while the database refuses connections and 200 once it takes them again', async () => {
    const database = await freshDatabase('postgres');
    const app = await buildApp({ database, env: testEnv(), clock: movableClock(), logger: false });
    const name = await databaseName(database);
    const ready = () => call(app, 'GET', '/api/v1/health/ready');
    try {
      await admin(async (client) => {
        await client.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
        await client.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
      });
      const down = await until(
        ready,
        (response) => response.json<Ready>().store_changes === 'down',
      );
      expect(down.statusCode).toBe(503);
      expect(down.json<Ready>()).toMatchObject({ status: 'unavailable', database: 'down' });

      await admin((client) => client.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`));
      const back = await until(ready, (response) => response.statusCode === 200, 15_000);
      expect(back.json<Ready>()).toEqual({ status: 'ready', database: 'up', store_changes: 'up' });
    } finally {
      await admin((client) => client.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`));
      await app.close();
      await database.close();
    }
  });

  it('survives the database cutting a connection in the middle of a transaction, and answers again', async () => {
    const database = await freshDatabase('postgres');
    const app = await buildApp({ database, env: testEnv(), clock: movableClock(), logger: false });
    // A connection's 'error' with no listener would be thrown out of the event loop and end the process.
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', record);
    try {
      const name = await databaseName(database);
      const transaction = database.db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          // Checked out and idle, between two statements, when the server ends the connection.
          await admin((client) =>
            client.query(
              'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1',
              [name],
            ),
          );
          await new Promise((done) => setTimeout(done, 200));
          await tx.execute(sql`select 1`);
        })
        .then(
          () => 'committed',
          () => 'failed',
        );
      expect(await transaction).toBe('failed');
      const back = await until(
        () => call(app, 'GET', '/api/v1/health/ready'),
        (response) => response.statusCode === 200,
        15_000,
      );
      expect(back.statusCode).toBe(200);
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', record);
      await app.close();
      await database.close();
    }
  });

  it('migrates an empty database once when three instances start at the same moment', async () => {
    const name = `cc_test_${randomBytes(6).toString('hex')}`;
    await admin((client) => client.query(`CREATE DATABASE ${name}`));
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    const instances = [1, 2, 3].map(() => openDatabase({ url: url.toString() }));
    try {
      await Promise.all(instances.map((database) => database.migrate()));
      const apps = await Promise.all(
        instances.map((database) =>
          buildApp({ database, env: testEnv(), clock: movableClock(), logger: false }),
        ),
      );
      for (const app of apps)
        expect((await call(app, 'GET', '/api/v1/health/ready')).statusCode).toBe(200);
      await Promise.all(apps.map((app) => app.close()));

      const journal = JSON.parse(
        readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      const inDatabase = new pg.Client({ connectionString: url.toString() });
      await inDatabase.connect();
      const applied = (
        await inDatabase.query<{ hash: string }>('SELECT hash FROM drizzle.__drizzle_migrations')
      ).rows;
      await inDatabase.end();
      expect(applied).toHaveLength(journal.entries.length);
      expect(new Set(applied.map((row) => row.hash)).size).toBe(applied.length);
    } finally {
      await Promise.all(instances.map((database) => database.close()));
      await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    }
  });
});
