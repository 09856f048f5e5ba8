import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { serverEnv } from './server-env.mjs';
import { supportedNode } from '@cc/node-lts';

export type OwnServerOptions = {
  apiPort: number;
  /** The brands' origins the server writes into links. */
  origins: Record<7 | 8 | 10, string>;
  label: string;
  /** More of the server's settings, read when it starts (a function for values known only then, e.g. SMTP_URL). */
  env?: Record<string, string> | (() => Record<string, string>);
};

/** How one start differs: more settings (e.g. LD_PRELOAD of libfaketime). */
export type StartOptions = { env?: Record<string, string> };

export type OwnServer = {
  /**
   * Stops the server and starts it again on the same data, as a deployment does; the
   * on-ready jobs run again. `next` changes that start only (the next restart drops it).
   */
  restart: (next?: StartOptions) => Promise<void>;
};

/**
 * A journey's own server: the built server on fresh PGlite data and ports of its own
 * (the API on `apiPort`, each brand on `apiPort + client id`), so the journey can run
 * beside the others' server. Registers the start before the file's tests and the stop
 * after them.
 */
export function ownServer(options: OwnServerOptions): OwnServer {
  let server: ChildProcess | undefined;
  let dataDir = '';
  const { apiPort, origins } = options;

  async function start(next: StartOptions = {}) {
    const extra = typeof options.env === 'function' ? options.env() : (options.env ?? {});
    server = spawn(supportedNode(), ['apps/server/dist/server.js'], {
      stdio: process.env.E2E_SERVER_LOG ? 'inherit' : 'ignore',
      env: {
        ...process.env,
        ...serverEnv({ apiPort, origins, dataDir }),
        ...extra,
        ...next.env,
      },
    });
    await expect
      .poll(
        () =>
          fetch(`http://127.0.0.1:${apiPort}/api/v1/health/`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 150_000 },
      )
      .toBe(200);
  }

  async function stop() {
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    server = undefined;
  }

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    dataDir = mkdtempSync(join(tmpdir(), `cc-e2e-${options.label}-`));
    await start();
  });

  test.afterAll(async () => {
    await stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  return {
    async restart(next) {
      await stop();
      await start(next);
    },
  };
}
