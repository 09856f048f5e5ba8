import pg from 'pg';

/** The PostgreSQL server the suites use: TEST_DATABASE_URL, else the local one. */
export const PG_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** Why no PostgreSQL server can be used (its error), or undefined when one answers. */
export async function probePostgres(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export type Backend = 'pglite' | 'postgres';

/**
 * The databases the suites run on: both by default. `TEST_DATABASES=pglite` keeps PGlite alone,
 * `TEST_DATABASES=postgres` PostgreSQL alone (PGlite when no server answers). `npm test` runs the
 * suite once on PostgreSQL with the machine's date shifted a year ahead: only a server with a
 * clock of its own can show a time taken from the database instead of the app's clock.
 */
export function suiteBackends(postgresUnavailable: string | undefined): Backend[] {
  const only = process.env.TEST_DATABASES;
  if (only === 'pglite') return ['pglite'];
  if (only !== 'postgres') return ['pglite', 'postgres'];
  return postgresUnavailable === undefined ? ['postgres'] : ['pglite'];
}
