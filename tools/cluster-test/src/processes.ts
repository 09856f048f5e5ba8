import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { inheritedEnv } from './env';

/** Runs a command to its end; throws with its output when it fails. */
export function run(
  command: string,
  args: string[],
  options: { user?: string; env?: NodeJS.ProcessEnv; cwd?: string; input?: string } = {},
): string {
  const [file, argv] = options.user
    ? ['runuser', ['-u', options.user, '--', command, ...args]]
    : [command, args];
  const result = spawnSync(file, argv, {
    encoding: 'utf8',
    cwd: options.cwd,
    input: options.input,
    env: { ...inheritedEnv, ...options.env },
  });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr || result.stdout}`);
  return result.stdout;
}

/** Installs a Debian package when its binary is missing (CI may be a fresh machine). */
export function ensureDebianPackage(binary: string, name: string): void {
  if (existsSync(binary)) return;
  const asRoot = process.getuid?.() === 0;
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args: string[]) =>
    asRoot ? run('apt-get', args, { env }) : run('sudo', ['apt-get', ...args], { env });
  apt(['update', '-qq']);
  apt(['install', '-y', '-qq', name]);
}

/** Free TCP ports on loopback, found by letting the system pick them. */
export async function freePorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<ReturnType<typeof createServer>>((resolve) => {
          const server = createServer();
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  for (const server of servers) {
    const address = server.address();
    if (address && typeof address === 'object') ports.push(address.port);
  }
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/** A long-running child whose output is kept for the report when something fails. */
export type Child = { process: ChildProcess; output: () => string; exited: Promise<number | null> };

export function start(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Child {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...inheritedEnv, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { process: child, output: () => output, exited };
}

export async function stop(child: Child, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.process.exitCode === null && child.process.signalCode === null)
    child.process.kill(signal);
  await child.exited;
}

/** Polls until `check` holds, for at most `ms`; answers whether it did. */
export async function waitFor(
  check: () => Promise<boolean>,
  ms: number,
  every = 100,
): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return true;
    await new Promise((resolve) => setTimeout(resolve, every));
  }
  return false;
}
