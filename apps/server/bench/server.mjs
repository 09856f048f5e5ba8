// What both benches share: the built server (dist/server.js) as a child process, as
// `npm start` runs it, the PostgreSQL they make scratch databases on, and a browser's headers.
import { spawn } from 'node:child_process';
import { supportedNode } from '@cc/node-lts';

export const serverRoot = new URL('..', import.meta.url).pathname;
export const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
/** What Chromium sends when it follows a link to a page. */
export const BROWSER = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, deflate, br, zstd' };

/**
 * Starts the server with `env` on `port` (the API) and the three ports after it (the brands),
 * node `flags` first; resolves once it has seeded and listens.
 */
export async function startServer({ env, port, flags = [] }) {
  const child = spawn(supportedNode(), [...flags, 'dist/server.js'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      PORT_UK: String(port + 1),
      PORT_US_PROMO: String(port + 2),
      PORT_US_DISCOUNT: String(port + 3),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => String(chunk).includes('Demo logins') && resolve());
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return child;
}

/** Stops a server startServer started and waits for it to exit. */
export async function stopServer(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The middle value (the upper one of an even count): what a bench reports over its rounds. */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
