// Runs deploy/compose.yaml on this machine's podman (tools/release/src/podman.ts): the part of
// the Compose specification the file uses (image, network_mode, restart, stop_grace_period,
// environment, named and bind volumes, healthcheck, depends_on with service_healthy), with
// `${VAR}`, `${VAR:-default}`, `${VAR:?message}` and `$$`. Debian's podman-compose 1.0.3 always
// adds a bridge network, which cannot be combined with the host network these machines must
// use, and podman 4.3 runs healthchecks from systemd timers, which these machines lack: here
// `up` runs each healthcheck itself (`podman healthcheck run`) until a service's dependants may
// start, and replaces, one at a time, the containers whose image the file's tags now name anew.
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { parse } from 'yaml';
import type { Podman } from '@cc/release/podman';

type Healthcheck = {
  test?: string[] | string;
  interval?: string;
  timeout?: string;
  retries?: number;
  start_period?: string;
};
type Service = {
  image: string;
  network_mode?: string;
  restart?: string;
  environment?: Record<string, string | number>;
  volumes?: string[];
  healthcheck?: Healthcheck;
  depends_on?: Record<string, { condition?: string }> | string[];
  command?: string[];
  stop_grace_period?: string;
};
type ComposeFile = { services: Record<string, Service>; volumes?: Record<string, unknown> };

/** `${VAR}`, `${VAR:-default}`, `${VAR:?message}` and `$$` in every string of the file. */
function interpolate(text: string, env: NodeJS.ProcessEnv): string {
  return text.replace(
    /\$\$|\$\{([A-Z0-9_]+)(?:(:-|:\?)([^}]*))?\}/g,
    (match, name: string | undefined, operator?: string, word?: string) => {
      if (match === '$$') return '$';
      const value = env[name ?? ''];
      if (value !== undefined && value !== '') return value;
      if (operator === ':?') throw new Error(`${name}: ${word ?? 'is required'}`);
      return operator === ':-' ? (word ?? '') : '';
    },
  );
}

/** A Compose duration (`30s`, `1m30s`, `500ms`) in whole seconds, rounded up, as podman's `--stop-timeout` takes. */
function seconds(duration: string): number {
  const units: Record<string, number> = { h: 3600, m: 60, s: 1, ms: 0.001 };
  let total = 0;
  for (const [, amount, unit] of duration.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g))
    total += Number(amount) * (units[unit ?? 's'] ?? 1);
  return Math.ceil(total);
}

export type Site = ReturnType<typeof composeSite>;

/** The compose file `file` as project `project` on `engine`, its variables from `env`. */
export function composeSite(options: {
  engine: Podman;
  file: string;
  project: string;
  env: NodeJS.ProcessEnv;
}) {
  const { engine, project } = options;
  const parsed = parse(interpolate(readFileSync(options.file, 'utf8'), options.env), {
    merge: true,
  }) as ComposeFile;
  const services = parsed.services;
  const container = (service: string) => `${project}_${service}_1`;
  const volume = (name: string) => `${project}_${name}`;

  /** Services in an order where each comes after what it depends on. */
  const order: string[] = [];
  const visit = (name: string, path: string[] = []) => {
    if (order.includes(name)) return;
    if (path.includes(name))
      throw new Error(`depends_on has a cycle: ${[...path, name].join(' -> ')}`);
    for (const dependency of dependencies(name)) visit(dependency, [...path, name]);
    order.push(name);
  };
  const dependencies = (name: string) => {
    const depends = services[name]?.depends_on ?? [];
    return Array.isArray(depends) ? depends : Object.keys(depends);
  };
  for (const name of Object.keys(services)) visit(name);

  const runArgs = (name: string, service: Service): string[] => {
    const args = [
      'run',
      '-d',
      '--name',
      container(name),
      '--label',
      `io.podman.compose.project=${project}`,
      '--label',
      `com.docker.compose.service=${name}`,
    ];
    args.push('--network', service.network_mode ?? 'host', '--restart', service.restart ?? 'no');
    if (service.stop_grace_period)
      args.push('--stop-timeout', String(seconds(service.stop_grace_period)));
    for (const [key, value] of Object.entries(service.environment ?? {}))
      args.push('-e', `${key}=${value}`);
    for (const mount of service.volumes ?? []) {
      const [source = '', ...rest] = mount.split(':');
      const local = source.startsWith('.') || isAbsolute(source);
      args.push(
        '-v',
        [local ? resolve(dirname(options.file), source) : volume(source), ...rest].join(':'),
      );
    }
    const health = service.healthcheck;
    if (health?.test) {
      const [kind, ...command] = Array.isArray(health.test)
        ? health.test
        : ['CMD-SHELL', health.test];
      args.push('--health-cmd', kind === 'CMD' ? JSON.stringify(command) : command.join(' '));
      if (health.interval) args.push('--health-interval', health.interval);
      if (health.timeout) args.push('--health-timeout', health.timeout);
      if (health.retries) args.push('--health-retries', String(health.retries));
      if (health.start_period) args.push('--health-start-period', health.start_period);
    }
    return [...args, service.image, ...(service.command ?? [])];
  };

  const site = {
    project,
    services: order,
    container,
    /** Whether the service's healthcheck passes now (a service without one: whether it runs). */
    healthy(name: string): boolean {
      if (!services[name]?.healthcheck)
        return (
          engine.try(['container', 'inspect', '--format', '{{.State.Running}}', container(name)])
            .output === 'true'
        );
      return engine.try(['healthcheck', 'run', container(name)]).status === 0;
    },
    async waitHealthy(name: string, ms = 120_000): Promise<void> {
      const deadline = Date.now() + ms;
      while (!site.healthy(name)) {
        if (Date.now() > deadline) {
          const logs = engine.try(['logs', '--tail', '40', container(name)]).output;
          throw new Error(`${name} did not become healthy within ${ms / 1000} s:\n${logs}`);
        }
        await new Promise((done) => setTimeout(done, 500));
      }
    },
    /**
     * Creates the named volumes and starts each service once what it depends on is healthy (or
     * started). A service whose container runs another image than the file now names (a new
     * CC_VERSION) is replaced, one service at a time: `up` with a new release's tag is the upgrade.
     */
    async up(): Promise<void> {
      for (const name of Object.keys(parsed.volumes ?? {})) {
        if (engine.try(['volume', 'exists', volume(name)]).status !== 0)
          engine.run([
            'volume',
            'create',
            '--label',
            `io.podman.compose.project=${project}`,
            volume(name),
          ]);
      }
      for (const name of order) {
        const service = services[name];
        if (!service) continue;
        const depends = service.depends_on ?? [];
        for (const [dependency, rule] of Array.isArray(depends)
          ? depends.map((d) => [d, {}] as const)
          : Object.entries(depends)) {
          if ((rule as { condition?: string }).condition === 'service_healthy')
            await site.waitHealthy(dependency);
        }
        if (engine.try(['container', 'exists', container(name)]).status !== 0)
          engine.run(runArgs(name, service));
        else if (site.imageChanged(name)) {
          // A new image under the file's tag (an upgrade): replace this container, and let it be
          // healthy before the next one goes, so the proxy always has an instance to send to.
          engine.run([
            'rm',
            '--force',
            '--time',
            String(seconds(service.stop_grace_period ?? '10s')),
            container(name),
          ]);
          engine.run(runArgs(name, service));
          await site.waitHealthy(name);
        } else engine.run(['start', container(name)]);
      }
    },
    /** Whether the image the file names for the service is another image than its container runs. */
    imageChanged(name: string): boolean {
      const image = services[name]?.image ?? '';
      const running = engine
        .run(['container', 'inspect', '--format', '{{.Image}}', container(name)])
        .trim();
      return engine.run(['image', 'inspect', '--format', '{{.Id}}', image]).trim() !== running;
    },
    /** Stops and removes the project's containers, and its volumes with `volumes`. */
    down(options: { volumes?: boolean } = {}): void {
      for (const name of [...order].reverse())
        engine.try(['rm', '--force', '--time', '10', container(name)]);
      if (options.volumes)
        for (const name of Object.keys(parsed.volumes ?? {}))
          engine.try(['volume', 'rm', '--force', volume(name)]);
    },
  };
  return site;
}
