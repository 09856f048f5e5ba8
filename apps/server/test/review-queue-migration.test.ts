import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { PG_URL, postgresUnavailable } from './helpers';

const DRIZZLE = resolve(import.meta.dirname, '..', 'drizzle');
const migrations = readdirSync(DRIZZLE)
  .filter((name) => /^\d{4}_.*\.sql$/.test(name))
  .sort();
const statementsOf = (name: string) =>
  readFileSync(resolve(DRIZZLE, name), 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter(Boolean);

type Sql = {
  run: (text: string) => Promise<void>;
  rows: <T>(text: string) => Promise<T[]>;
  close: () => Promise<void>;
};

async function pgliteSql(): Promise<Sql> {
  const db = new PGlite();
  return {
    run: async (text) => void (await db.exec(text)),
    rows: async <T>(text: string) => (await db.query<T>(text)).rows,
    close: () => db.close(),
  };
}

async function postgresSql(): Promise<Sql> {
  const name = `cc_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return {
    run: async (text) => void (await client.query(text)),
    rows: async <T>(text: string) => (await client.query(text)).rows as T[],
    close: async () => {
      await client.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

const backends: [string, () => Promise<Sql>][] = [['pglite', pgliteSql]];
if (postgresUnavailable === undefined) backends.push(['postgres', postgresSql]);

describe.each(backends)('migration 0009: stores.queued_at [%s]', (_name, open) => {
  it('backfills when each existing store entered the queue: its last resubmission, else its creation', async () => {
    const sql = await open();
    try {
      const before = migrations.filter((name) => name < '0009');
      for (const name of before)
        for (const statement of statementsOf(name)) await sql.run(statement);
      await sql.run(`insert into users (id, client, email, password_hash, created_at) values
        (1, 7, 'a@example.com', 'x', '2026-01-01T00:00:00Z'), (2, 7, 'b@example.com', 'x', '2026-01-01T00:00:00Z'),
        (3, 7, 'c@example.com', 'x', '2026-01-01T00:00:00Z')`);
      await sql.run(`insert into stores (id, user_id, client, name, slug, created_at) values
        (1, 1, 7, 'Never declined', 'never-declined', '2026-01-02T10:00:00.123Z'),
        (2, 2, 7, 'Resubmitted twice', 'resubmitted-twice', '2026-01-02T09:00:00Z')`);
      await sql.run(`insert into review_actions (store_id, actor_id, action, created_at) values
        (2, null, 'decline', '2026-01-03T00:00:00Z'), (2, 2, 'resubmit', '2026-01-04T00:00:00Z'),
        (2, null, 'decline', '2026-01-05T00:00:00Z'), (2, 2, 'resubmit', '2026-01-06T08:30:00Z')`);
      for (const statement of statementsOf(
        migrations.find((name) => name.startsWith('0009')) ?? '',
      ))
        await sql.run(statement);
      const rows = await sql.rows<{ id: number; queued: string }>(
        `select id, to_char(queued_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS') as queued from stores order by id`,
      );
      expect(rows).toEqual([
        { id: 1, queued: '2026-01-02T10:00:00.123' },
        { id: 2, queued: '2026-01-06T08:30:00.000' },
      ]);
      // Required from now on: the app writes it from its clock.
      await expect(
        sql.run(
          `insert into stores (user_id, client, name, slug, created_at) values (3, 7, 'No time', 'no-time', '2026-01-07T00:00:00Z')`,
        ),
      ).rejects.toThrow(/queued_at/);
    } finally {
      await sql.close();
    }
  });
});
