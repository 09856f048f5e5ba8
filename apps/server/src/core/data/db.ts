import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { SERVER_ROOT } from '../platform/static-files';

/**
 * No schema object: every query names its tables (each feature's schema.ts), so the
 * client knows none of them and core imports no feature.
 */
type NoRelations = Record<string, never>;
export type Db = PgDatabase<PgQueryResultHKT, NoRelations>;
export type Tx = PgTransaction<
  PgQueryResultHKT,
  NoRelations,
  ExtractTablesWithRelations<NoRelations>
>;
/** Either the database or an open transaction: repositories accept both. */
export type Executor = Db | Tx;

/** What a LISTEN subscription reports: each payload, and once, that it is gone (connection lost). */
export type ListenHandlers = {
  onNotify: (payload: string) => void;
  onDown: (error?: unknown) => void;
};
export type Subscription = { close: () => Promise<void> };

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate: () => Promise<void>;
  close: () => Promise<void>;
  /** One round trip; rejects while the database cannot answer. */
  ping: () => Promise<void>;
  /** LISTENs on `channel` over a connection of its own; rejects when it cannot subscribe. */
  listen: (channel: string, handlers: ListenHandlers) => Promise<Subscription>;
  /** The connection pool's counts (PostgreSQL); PGlite, in-process, has no pool. */
  poolStats?: () => PoolStats;
};

/** Connections the pool holds, those idle among them, and queries waiting for one. */
export type PoolStats = { total: number; idle: number; waiting: number };

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

/** A dedicated node-postgres connection (a pooled one would be handed to queries and lose the LISTEN). */
async function listenOnServer(
  url: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<Subscription> {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Bad channel name ${channel}`);
  const client = new pg.Client({ connectionString: url, application_name: `cc-listen-${channel}` });
  let closing = false;
  let down = false;
  const lost = (error?: unknown) => {
    if (closing || down) return;
    down = true;
    handlers.onDown(error);
    client.end().catch(() => undefined);
  };
  client.on('notification', (message) => {
    if (message.channel === channel) handlers.onNotify(message.payload ?? '');
  });
  client.on('error', lost);
  client.on('end', () => lost());
  try {
    await client.connect();
    await client.query(`LISTEN ${channel}`);
    if (down) throw new Error(`The ${channel} listener was lost while subscribing`);
  } catch (error) {
    closing = true;
    await client.end().catch(() => undefined);
    throw error;
  }
  return {
    close: async () => {
      closing = true;
      await client.end().catch(() => undefined);
    },
  };
}

export type DatabaseOptions =
  /** A PostgreSQL server. */
  | { url: string; poolSize?: number }
  /**
   * PGlite with its data in a folder, or in memory when dataDir is undefined; `from` starts it
   * from a copy of another PGlite's data (`dumpDataDir`), as the tests start from a migrated one.
   */
  | { dataDir: string | undefined; from?: Blob };

/** The checked-in migrations, whether running from src/ or the bundled dist/. */
export function migrationsFolder(): string {
  const folder = resolve(SERVER_ROOT, 'drizzle');
  if (!existsSync(join(folder, 'meta', '_journal.json')))
    throw new Error(`No migrations found in ${folder}`);
  return folder;
}

/** Any fixed 64-bit key: the advisory lock every instance takes around its migrations. */
const MIGRATION_LOCK_KEY = 7_410_000_317n;

/**
 * Runs the migrations on one connection that holds a session advisory lock, so instances
 * started together on an empty database migrate it once: the others wait, then find
 * every migration applied.
 */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const connection = await pool.connect();
  try {
    await connection.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    try {
      await migratePg(drizzlePg(connection), { migrationsFolder: migrationsFolder() });
    } finally {
      await connection.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]);
    }
  } finally {
    connection.release();
  }
}

export function openDatabase(options: DatabaseOptions): Database {
  if ('url' in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection the server drops (restart, admin termination, DROP DATABASE ... FORCE
    // right after pool.end(), which does not wait for idle clients) is an 'error' on the pool;
    // unhandled it would crash the process. The pool replaces the connection on next use.
    pool.on('error', () => undefined);
    // A connection the server drops while it is checked out (a transaction between two
    // statements, a migration) has no idle listener then, and its 'error' would crash the
    // process. Its query in flight fails on its own; the pool discards it on release.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePg(pool);
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateUnderLock(pool),
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
      listen: (channel, handlers) => listenOnServer(options.url, channel, handlers),
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite({ dataDir: options.dataDir, loadDataDir: options.from });
  const db = drizzlePglite(client);
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: migrationsFolder() }),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
    // In-process: notifications cannot be lost, so onDown is never called.
    listen: async (channel, handlers) => {
      const unsubscribe = await client.listen(channel, handlers.onNotify);
      // Closing after the database itself is closed is a no-op (PGlite would wait forever).
      return {
        close: async () => (client.closed ? undefined : unsubscribe().catch(() => undefined)),
      };
    },
  };
}
