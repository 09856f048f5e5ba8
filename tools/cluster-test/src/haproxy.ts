import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDebianPackage, start, stop, waitFor } from './processes';

export type Frontend = { name: string; port: number; backends: number[] };

/**
 * HAProxy from Debian's packages on loopback: one frontend a role, each round-robin over the
 * instances' ports. An instance leaves the rotation when its readiness fails twice (500 ms
 * apart), well within a stopping instance's drain (5 s), and a request that could not connect
 * is sent to the next one.
 */
export async function startHaproxy(frontends: Frontend[]) {
  ensureDebianPackage('/usr/sbin/haproxy', 'haproxy');
  const dir = mkdtempSync(join(tmpdir(), 'cc-cluster-haproxy-'));
  const config = [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 30s',
    '  timeout server 30s',
    // Below the instances' keep-alive (65 s), as deploy/compose/haproxy.cfg.
    '  timeout http-keep-alive 10s',
    '  option forwardfor',
    '  option redispatch',
    '  retries 3',
    ...frontends.flatMap((frontend) => [
      `frontend ${frontend.name}`,
      `  bind 127.0.0.1:${frontend.port}`,
      `  default_backend ${frontend.name}_instances`,
      `backend ${frontend.name}_instances`,
      '  balance roundrobin',
      '  option httpchk GET /api/v1/health/ready',
      '  http-check expect status 200',
      // The instances' Keep-Alive (timeout=65) is for HAProxy, not for clients.
      '  http-response del-header keep-alive',
      '  default-server inter 500ms fall 2 rise 2',
      ...frontend.backends.map(
        (port, index) => `  server instance${index + 1} 127.0.0.1:${port} check`,
      ),
    ]),
    '',
  ].join('\n');
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, config);
  const child = start('/usr/sbin/haproxy', ['-f', file, '-db']);
  const first = frontends[0];
  if (
    first &&
    !(await waitFor(
      async () => (await fetch(`http://127.0.0.1:${first.port}/api/v1/health/`)).ok,
      20_000,
    ))
  ) {
    throw new Error(`HAProxy did not start: ${child.output()}`);
  }
  return {
    stop: async () => {
      await stop(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
