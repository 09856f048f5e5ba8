import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDebianPackage, start, stop, waitFor } from './processes';

/**
 * nginx from Debian's packages on loopback as a shared cache in front of `upstreamPort` (the
 * proxy's brand frontend), as a CDN or an operator's cache would sit: it keeps what the answers'
 * Cache-Control allows (s-maxage, stale-while-revalidate), one copy per variant their Vary
 * names, revalidates with the ETag, and says on each answer whether it came from the cache
 * (`X-Cache-Status`).
 */
export async function startNginxCache(port: number, upstreamPort: number) {
  ensureDebianPackage('/usr/sbin/nginx', 'nginx');
  const dir = mkdtempSync(join(tmpdir(), 'cc-cluster-nginx-'));
  const cache = join(dir, 'cache');
  mkdirSync(cache);
  // nginx's workers may run as another user than its master: they write the cache and temp files.
  chmodSync(dir, 0o777);
  chmodSync(cache, 0o777);
  const temp = (name: string) => `${name}_temp_path ${join(dir, name)};`;
  const config = [
    'daemon off;',
    'worker_processes 1;',
    `pid ${join(dir, 'nginx.pid')};`,
    'error_log stderr warn;',
    'events { worker_connections 1024; }',
    'http {',
    '  access_log off;',
    `  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}`,
    `  proxy_cache_path ${cache} levels=1:2 keys_zone=shoppers:10m max_size=256m inactive=10m use_temp_path=off;`,
    `  upstream origin { server 127.0.0.1:${upstreamPort}; keepalive 16; }`,
    '  server {',
    `    listen 127.0.0.1:${port};`,
    '    location / {',
    '      proxy_pass http://origin;',
    '      proxy_http_version 1.1;',
    '      proxy_set_header Connection "";',
    '      proxy_set_header Host $http_host;',
    '      proxy_cache shoppers;',
    // Each brand's address apart (one nginx may front every brand's port).
    '      proxy_cache_key $scheme$http_host$request_uri;',
    '      proxy_cache_revalidate on;',
    '      proxy_cache_lock on;',
    '      proxy_cache_background_update on;',
    '      proxy_cache_use_stale updating error timeout;',
    '      add_header X-Cache-Status $upstream_cache_status always;',
    '    }',
    '  }',
    '}',
    '',
  ].join('\n');
  const file = join(dir, 'nginx.conf');
  writeFileSync(file, config);
  const child = start('/usr/sbin/nginx', ['-p', dir, '-c', file, '-e', 'stderr']);
  const base = `http://127.0.0.1:${port}`;
  if (!(await waitFor(async () => (await fetch(`${base}/api/v1/health/`)).ok, 20_000))) {
    throw new Error(`nginx did not start: ${child.output()}`);
  }
  return {
    base,
    stop: async () => {
      await stop(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
