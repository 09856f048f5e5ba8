// The images of a whole test site besides the server (deploy/compose.yaml): PostgreSQL, Redis,
// HAProxy and a mail sink, each FROM scratch with Debian's binaries from this machine and the
// libraries `ldd` lists, running as the image user. Their version is the server's.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageJson } from './artifacts';
import { nodeHealthcheck, type ImageDefinition } from './containerfile';
import { debianFiles, ensureHostPackage, nodeRuntime } from './image-sources';
import type { ImagePlan } from './images';

const PG_MAJOR = '15';
const PG_BIN = `/usr/lib/postgresql/${PG_MAJOR}/bin`;

/** The PostgreSQL image's start: a new cluster on first start (the password from POSTGRES_PASSWORD), then the server. */
const START_POSTGRES = `#!/bin/sh
set -eu
PGDATA=/var/lib/postgresql/data
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  printf '%s\\n' "\${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is required on the first start}" > /tmp/pwfile
  initdb -D "$PGDATA" -U postgres --pwfile=/tmp/pwfile --auth-local=trust --auth-host=scram-sha-256 -E UTF8 --locale=C >/dev/null
  rm -f /tmp/pwfile
fi
exec postgres -D "$PGDATA" -p "\${PGPORT:-5432}" -c listen_addresses="\${POSTGRES_LISTEN:-*}" -c unix_socket_directories=/tmp -c max_connections=200
`;

export function siteImages(root: string): ImagePlan[] {
  const version = packageJson(join(root, 'apps', 'server')).version;
  const busybox = debianFiles(root, 'busybox-static');
  const withBusybox = (fs: Parameters<ImagePlan['fill']>[0]) =>
    fs.busybox(join(busybox.dir, 'bin', 'busybox'), busybox.package);
  const site = (
    name: string,
    fields: Omit<ImageDefinition, 'name' | 'archive' | 'version' | 'licenses'> & {
      licenses?: string;
    },
  ): ImageDefinition => ({
    name: `coupon-center/site-${name}`,
    archive: `site-${name}-${version}`,
    version,
    licenses: fields.licenses ?? 'UNLICENSED',
    ...fields,
  });
  ensureHostPackage(join(PG_BIN, 'postgres'), `postgresql-${PG_MAJOR}`);
  ensureHostPackage('/usr/bin/redis-server', 'redis-server');
  ensureHostPackage('/usr/sbin/haproxy', 'haproxy');
  const node = nodeRuntime(root);
  return [
    {
      image: site('postgres', {
        title: `PostgreSQL ${PG_MAJOR} for a Coupon Center test site`,
        description:
          "Debian's PostgreSQL server; a new cluster on the first start, its data in /var/lib/postgresql",
        licenses: 'PostgreSQL',
        env: { PATH: `${PG_BIN}:/usr/local/bin:/usr/bin`, TZ: 'UTC', PGPORT: '5432' },
        workdir: '/var/lib/postgresql',
        entrypoint: ['/usr/local/bin/start-postgres'],
        ports: [5432],
        healthcheck: ['sh', '-c', 'pg_isready -q -h 127.0.0.1 -p "${PGPORT:-5432}"'],
        writable: ['var/lib/postgresql'],
      }),
      fill: (fs) => {
        withBusybox(fs);
        // pg_dump and pg_restore: backups and restores run inside the container (docs/operations.md).
        for (const program of ['postgres', 'initdb', 'pg_isready', 'psql', 'pg_dump', 'pg_restore'])
          fs.executable(join(PG_BIN, program));
        // Modules the server loads (PL/pgSQL, the text search dictionaries initdb installs, encoding
        // conversions); the JIT (LLVM, 20 MB) is left out and stays off.
        const lib = `/usr/lib/postgresql/${PG_MAJOR}/lib`;
        fs.tree(lib, lib, (path) => !/llvmjit|bitcode/.test(path));
        for (const module of readdirSync(lib).filter(
          (name) => name.endsWith('.so') && !name.startsWith('llvmjit'),
        ))
          fs.libraries(join(lib, module));
        fs.tree(
          `/usr/share/postgresql/${PG_MAJOR}`,
          `/usr/share/postgresql/${PG_MAJOR}`,
          (path) => !path.includes('/man'),
        );
        fs.tree(
          '/usr/share/zoneinfo',
          '/usr/share/zoneinfo',
          (path) => !/\/(right|posix)(\/|$)/.test(path),
        );
        fs.file('usr/local/bin/start-postgres', START_POSTGRES, 0o755);
      },
    },
    {
      image: site('redis', {
        title: 'Redis for a Coupon Center test site',
        description: "Debian's Redis: the rate limits every instance shares",
        licenses: 'BSD-3-Clause',
        env: { PATH: '/usr/local/bin:/usr/bin', REDIS_PORT: '6379' },
        workdir: '/var/lib/redis',
        entrypoint: [
          'sh',
          '-c',
          'exec redis-server --port "${REDIS_PORT:-6379}" --bind "${REDIS_BIND:-0.0.0.0}" --dir /var/lib/redis --appendonly yes --save ""',
        ],
        ports: [6379],
        healthcheck: ['sh', '-c', 'redis-cli -p "${REDIS_PORT:-6379}" ping | grep -q PONG'],
        writable: ['var/lib/redis'],
      }),
      fill: (fs) => {
        withBusybox(fs);
        fs.executable('/usr/bin/redis-server', '/usr/bin/redis-server').executable(
          '/usr/bin/redis-cli',
        );
      },
    },
    {
      image: site('proxy', {
        title: 'HAProxy for a Coupon Center test site',
        description:
          "Debian's HAProxy; its configuration is mounted at /etc/haproxy/haproxy.cfg (deploy/compose/haproxy.cfg)",
        licenses: 'GPL-2.0-or-later',
        env: { PATH: '/usr/local/bin:/usr/bin:/usr/sbin', PROXY_PORT_API: '8000' },
        workdir: '/tmp',
        entrypoint: ['haproxy', '-db', '-f', '/etc/haproxy/haproxy.cfg'],
        ports: [8000],
        healthcheck: [
          'sh',
          '-c',
          'wget -q -O /dev/null "http://127.0.0.1:${PROXY_PORT_API:-8000}/haproxy-health"',
        ],
        writable: ['var/lib/haproxy'],
      }),
      fill: (fs) => {
        withBusybox(fs);
        fs.executable('/usr/sbin/haproxy');
      },
    },
    {
      image: site('mail', {
        title: 'Mail sink for a Coupon Center test site',
        description:
          'Takes every message over SMTP and keeps it; lists them as JSON over HTTP (GET /messages)',
        env: {
          PATH: '/usr/local/bin:/usr/bin',
          SMTP_PORT: '2525',
          MAIL_HTTP_PORT: '8025',
          MAIL_DIR: '/var/lib/mail',
        },
        workdir: '/app',
        entrypoint: ['node', '--disable-warning=ExperimentalWarning', '/app/mail-sink.ts'],
        ports: [2525, 8025],
        healthcheck: nodeHealthcheck('process.env.MAIL_HTTP_PORT||8025', '/health'),
        writable: ['var/lib/mail'],
      }),
      node: node.version,
      fill: (fs) => {
        withBusybox(fs);
        fs.executable(node.binary, '/usr/bin/node');
        fs.file(
          'app/mail-sink.ts',
          readFileSync(join(import.meta.dirname, 'site', 'mail-sink.ts'), 'utf8'),
        );
      },
    },
  ];
}
