import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, openDatabase } from '../src/core/data/db';
import { PG_URL, probePostgres, suiteBackends } from './backends';

declare module 'vitest' {
  // Declaration merging with Vitest's own interface needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    /** The migrations' hash naming the migrated PostgreSQL template, or null (no server used). */
    postgresTemplate: string | null;
    /** A file holding a migrated PGlite's data. */
    pgliteDump: string | null;
  }
}

/** The template database of a set of migrations on the PostgreSQL server. */
export const templateDatabaseName = (hash: string) => `cc_template_${hash}`;

/** A hash of the checked-in migrations: a new migration makes new templates. */
function migrationsHash(): string {
  const folder = migrationsFolder();
  const hash = createHash('sha256');
  for (const file of readdirSync(folder)
    .filter((name) => name.endsWith('.sql'))
    .sort()) {
    hash.update(file).update(readFileSync(join(folder, file)));
  }
  hash.update(readFileSync(join(folder, 'meta', '_journal.json')));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The migrated PostgreSQL template, made once per set of migrations (under a name of its own
 * first, renamed when complete, so a run stopped half-way leaves no half-migrated template),
 * with an advisory lock so runs started together make it once.
 */
async function postgresTemplate(hash: string): Promise<void> {
  const name = templateDatabaseName(hash);
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock(7424001)');
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return;
    const building = `${name}_${randomBytes(3).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${building}`);
    const url = new URL(PG_URL);
    url.pathname = `/${building}`;
    const database = openDatabase({ url: url.toString(), poolSize: 2 });
    await database.migrate();
    await database.close();
    await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
  } finally {
    await admin.query('SELECT pg_advisory_unlock(7424001)').catch(() => undefined);
    await admin.end();
  }
}

/** A migrated PGlite's data in a file, once per set of migrations (written under a name of its own, then renamed). */
async function pgliteDump(hash: string): Promise<string> {
  const file = join(tmpdir(), `cc-test-pglite-${hash}.tar`);
  if (existsSync(file)) return file;
  const client = new PGlite();
  await migrate(drizzle(client), { migrationsFolder: migrationsFolder() });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const partial = `${file}.${randomBytes(3).toString('hex')}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return file;
}

/**
 * The server suite's global set-up: the databases each test file starts from, migrated once for
 * the run instead of once per file (a copy of a template is made in well under a second).
 */
export default async function setup(project: TestProject): Promise<void> {
  const hash = migrationsHash();
  const unavailable = await probePostgres();
  const usesPostgres = suiteBackends(unavailable).includes('postgres') && unavailable === undefined;
  if (usesPostgres) await postgresTemplate(hash);
  project.provide('postgresTemplate', usesPostgres ? hash : null);
  // Made in every run: some files start a PGlite of their own whatever the suites run on.
  project.provide('pgliteDump', await pgliteDump(hash));
}
