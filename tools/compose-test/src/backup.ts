// Backup and restore of a compose site's database (docs/operations.md, "Backup and restore with
// the compose file"): pg_dump and pg_restore run inside the PostgreSQL container, over its local
// socket, and the dump file is copied out of it and back in with `podman cp`.
import { statSync } from 'node:fs';
import type { Podman } from '@cc/release/podman';
import type { Site } from './compose';

/** Where the dump is written inside the container: its data volume, which the image user owns. */
const INSIDE = '/var/lib/postgresql/cc-backup.dump';
const SERVERS = ['server1', 'server2'];

function inPostgres(engine: Podman, site: Site, command: string): string {
  return engine.run([
    'exec',
    site.container('postgres'),
    'sh',
    '-c',
    `${command} -U postgres -h /tmp -p "$PGPORT"`,
  ]);
}

/** Deletes the dump inside the container (the image's shell has `rm` as a built-in applet). */
function removeInside(engine: Podman, site: Site): void {
  engine.run(['exec', '--user', 'root', site.container('postgres'), 'sh', '-c', `rm -f ${INSIDE}`]);
}

/** Writes a custom-format dump of the site's database to `file` on this machine; answers its size in bytes. */
export function backupDatabase(engine: Podman, site: Site, file: string): number {
  inPostgres(engine, site, `pg_dump --format=custom --file=${INSIDE} --dbname=postgres`);
  engine.run(['cp', `${site.container('postgres')}:${INSIDE}`, file]);
  removeInside(engine, site);
  return statSync(file).size;
}

/**
 * Puts the dump `file` back in place of the site's data: the server instances stop (each finishing
 * what it is doing), the database's tables are replaced in one transaction (all or nothing), and
 * the instances start again and are healthy before this answers.
 */
export async function restoreDatabase(engine: Podman, site: Site, file: string): Promise<void> {
  for (const server of SERVERS) engine.run(['stop', '--time', '30', site.container(server)]);
  engine.run(['cp', file, `${site.container('postgres')}:${INSIDE}`]);
  try {
    inPostgres(
      engine,
      site,
      `pg_restore --clean --if-exists --single-transaction --exit-on-error --no-owner --verbose --dbname=postgres ${INSIDE}`,
    );
  } finally {
    removeInside(engine, site);
    for (const server of SERVERS) engine.run(['start', site.container(server)]);
  }
  for (const server of SERVERS) await site.waitHealthy(server);
}
