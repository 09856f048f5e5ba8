import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { supportedNode } from '@cc/node-lts';

const SERVER_DIR = resolve(import.meta.dirname, '..');

/** `count` free TCP ports on loopback, found by letting the system pick them. */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from({ length: count }, async () => {
      const server = createServer();
      await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
      return server;
    }),
  );
  const ports = servers.map((server) => (server.address() as AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
  return ports;
}

export type Started = {
  /** The exit code once it exited, else null. */
  code: number | null;
  stdout: string;
  stderr: string;
  /** Resolves when the process has exited. */
  exited: Promise<void>;
  signal: (name: NodeJS.Signals) => void;
  /** SIGTERM unless it already exited, then waits for the exit. */
  stop: () => Promise<void>;
};

/**
 * Starts the real server (src/server.ts, on the supported Node) with `env` alone, on loopback
 * and the `ports` given (API, then the UK, US promo and US discount brands), and waits until
 * it prints that it runs or exits. The request log is silent and the shutdown drain 0 unless
 * `env` sets LOG_LEVEL or SHUTDOWN_DRAIN_MS.
 */
export async function startServer(env: NodeJS.ProcessEnv, ports: number[]): Promise<Started> {
  const [api = 0, uk = 0, promo = 0, discount = 0] = ports;
  const child = spawn(supportedNode(), ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH,
      LOG_LEVEL: 'silent',
      // Stopped at once at the test's end; graceful-shutdown.test.ts sets its own.
      SHUTDOWN_DRAIN_MS: '0',
      ...env,
      HOST: '127.0.0.1',
      PORT: String(api),
      PORT_UK: String(uk),
      PORT_US_PROMO: String(promo),
      PORT_US_DISCOUNT: String(discount),
    },
  });
  const exited = new Promise<void>((done) =>
    child.once('exit', (code) => ((started.code = code), done())),
  );
  const started: Started = {
    code: null,
    stdout: '',
    stderr: '',
    exited,
    signal: (name) => child.kill(name),
    stop: async () => {
      if (started.code === null) child.kill('SIGTERM');
      await exited;
    },
  };
  child.stdout.on('data', (chunk: Buffer) => (started.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (started.stderr += chunk.toString()));
  const deadline = Date.now() + 80_000;
  while (
    started.code === null &&
    !started.stdout.includes('Coupon Center is running') &&
    Date.now() < deadline
  ) {
    await new Promise((done) => setTimeout(done, 50));
  }
  return started;
}
