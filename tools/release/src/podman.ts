import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inheritedEnv } from './env';

/**
 * Debian's rootful podman with the settings that work on our build machines (no systemd, a
 * host mixing cgroup v1 and v2, a low open-files limit): vfs storage in a folder of the
 * repository's own, runc, cgroupfs, the file events logger and ulimits under the hard limit.
 * They live in private files that CONTAINERS_CONF and CONTAINERS_STORAGE_CONF point at, so
 * nothing in /etc changes.
 */
export const PODMAN_PACKAGES = [
  'podman',
  'buildah',
  'runc',
  'skopeo',
  'slirp4netns',
  'containernetworking-plugins',
  'netavark',
];

/** The private state folder: `<root>/node_modules/.cache/cc-podman` (gitignored), run state in /tmp. */
export function podmanEnv(root: string): NodeJS.ProcessEnv {
  const dir = join(root, 'node_modules', '.cache', 'cc-podman');
  const graphroot = join(dir, 'storage');
  // conmon's sockets live under the run root, whose path must stay short.
  const runroot = join(
    '/tmp',
    `cc-podman-${createHash('sha256').update(graphroot).digest('hex').slice(0, 8)}`,
  );
  mkdirSync(graphroot, { recursive: true });
  mkdirSync(runroot, { recursive: true });
  const storage = join(dir, 'storage.conf');
  const containers = join(dir, 'containers.conf');
  writeFileSync(
    storage,
    `[storage]\ndriver = "vfs"\nrunroot = "${runroot}"\ngraphroot = "${graphroot}"\n`,
  );
  writeFileSync(
    containers,
    [
      '[containers]',
      // podman's default nofile (1048576) is above the hard limit of our sandboxes; a --ulimit
      // flag would replace this whole list, so every container takes it from here.
      'default_ulimits = ["nofile=4096:4096", "nproc=4096:4096"]',
      '[engine]',
      'runtime = "runc"',
      'cgroup_manager = "cgroupfs"',
      'events_logger = "file"',
      '',
    ].join('\n'),
  );
  return { ...inheritedEnv, CONTAINERS_CONF: containers, CONTAINERS_STORAGE_CONF: storage };
}

export type Podman = {
  env: NodeJS.ProcessEnv;
  /** Runs podman to its end; throws with its output when it fails. */
  run: (args: string[], options?: { input?: string }) => string;
  /** Runs podman; answers its exit status and output instead of throwing. */
  try: (args: string[]) => { status: number; output: string };
};

export function podman(root: string): Podman {
  const env = podmanEnv(root);
  const attempt = (args: string[], input?: string) => {
    const result = spawnSync('podman', args, {
      env,
      encoding: 'utf8',
      input,
      maxBuffer: 64 * 1024 * 1024,
    });
    return {
      status: result.status ?? 1,
      stdout: result.stdout ?? '',
      stderr: result.stderr ?? '',
      error: result.error,
    };
  };
  return {
    env,
    run(args, options = {}) {
      const result = attempt(args, options.input);
      if (result.status !== 0)
        throw new Error(
          `podman ${args.join(' ')} failed: ${result.error?.message ?? ''}${result.stderr}${result.stdout}`.trim(),
        );
      return result.stdout;
    },
    try(args) {
      const result = attempt(args);
      return { status: result.status, output: `${result.stdout}${result.stderr}`.trim() };
    },
  };
}

const hasPodman = () => existsSync('/usr/bin/podman') && existsSync('/usr/sbin/runc');

/** Installs podman and its helpers from Debian when missing (root, or sudo); throws saying why it could not. */
export function ensurePodman(): void {
  if (hasPodman()) return;
  const asRoot = process.getuid?.() === 0;
  const apt = (args: string[]) => {
    const [file, argv] = asRoot ? ['apt-get', args] : ['sudo', ['-n', 'apt-get', ...args]];
    const result = spawnSync(file, argv, {
      encoding: 'utf8',
      env: { ...inheritedEnv, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.status !== 0)
      throw new Error(`apt-get ${args.join(' ')} failed: ${result.stderr || result.stdout}`);
  };
  apt(['update', '-qq']);
  apt(['install', '-y', '-qq', '--no-install-recommends', ...PODMAN_PACKAGES]);
}

/**
 * Why podman cannot run a container on this machine, or undefined when it can: installs it
 * when missing, then runs an empty container from an image made of nothing.
 */
export function podmanUnavailable(root: string): string | undefined {
  try {
    ensurePodman();
  } catch (error) {
    return `podman is not installed and could not be: ${(error as Error).message.split('\n')[0] ?? ''}`;
  }
  const info = podman(root).try(['info', '--format', '{{.Host.OCIRuntime.Name}}']);
  return info.status === 0
    ? undefined
    : `podman cannot run here: ${info.output.split('\n').slice(-2).join(' ')}`;
}
