import { chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { run, waitFor } from './processes';

/** Debian's PostgreSQL binaries (the newest installed major). */
function binaries(): string {
  const majors = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  if (!majors[0]) throw new Error('PostgreSQL is not installed (/usr/lib/postgresql)');
  return join('/usr/lib/postgresql', majors[0], 'bin');
}

/**
 * A PostgreSQL server of the test's own, in a temporary folder on its own port, so
 * it can be restarted mid-load without touching anything else on the machine. It runs
 * as the `postgres` user (initdb refuses root).
 */
export async function startPostgres(port: number) {
  const bin = binaries();
  const root = mkdtempSync(join(tmpdir(), 'cc-cluster-pg-'));
  const data = join(root, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot)
    chownSync(
      root,
      Number(run('id', ['-u', 'postgres']).trim()),
      Number(run('id', ['-g', 'postgres']).trim()),
    );
  const user = asRoot ? 'postgres' : undefined;
  const ctl = (args: string[]) =>
    run(join(bin, 'pg_ctl'), ['-D', data, ...args], user ? { user } : {});
  run(
    join(bin, 'initdb'),
    ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'],
    user ? { user } : {},
  );
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=on -c max_connections=200`;
  ctl(['-o', options, '-l', join(root, 'log'), '-w', 'start']);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const query = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    await client.connect();
    try {
      return (await client.query<T>(text, values)).rows;
    } finally {
      await client.end();
    }
  };
  await waitFor(async () => (await query('select 1')).length === 1, 10_000);
  return {
    url,
    query,
    /** A fast restart: every connection is cut, the server is back within about a second. */
    restart: async () => {
      const args = [
        '-D',
        data,
        '-o',
        options,
        '-l',
        join(root, 'log'),
        '-m',
        'fast',
        '-w',
        'restart',
      ];
      const [file, argv] = user
        ? ['runuser', ['-u', user, '--', join(bin, 'pg_ctl'), ...args]]
        : [join(bin, 'pg_ctl'), args];
      await promisify(execFile)(file, argv);
    },
    stop: () => {
      try {
        ctl(['-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}
export type Postgres = Awaited<ReturnType<typeof startPostgres>>;
