import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startHaproxy } from './haproxy';
import { startMailbox } from './mailbox';
import { startPostgres } from './postgres';
import { freePorts, run, start, stop, waitFor, type Child } from './processes';
import { redisServer } from './redis';
import { releaseDirOverride } from './env';
import { supportedNode } from '@cc/node-lts';

const REPO = resolve(import.meta.dirname, '..', '..', '..');
/** The bearer token the instances' /metrics ask for. */
export const METRICS_TOKEN = 'cluster-test-metrics-token';

export const INSTANCES = 3;
/** Uploads a minute per client address, counted in Redis across every instance. */
export const UPLOAD_LIMIT = 20;

/** The release artifact named `prefix-<version>.tar.gz` in release/ (`pnpm release`, tools/release/src/release.ts). */
function artifact(prefix: string): string {
  const dir = releaseDirOverride ?? join(REPO, 'release');
  const name = readdirSync(dir).find(
    (file) => file.startsWith(`${prefix}-`) && file.endsWith('.tar.gz'),
  );
  if (!name) throw new Error(`No ${prefix}-<version>.tar.gz in ${dir}: run pnpm release first`);
  return join(dir, name);
}

/** Unpacks an artifact outside the repository and answers the folder holding its files. */
function unpack(file: string, into: string): string {
  mkdirSync(into, { recursive: true });
  run('tar', ['-xzf', file, '-C', into]);
  const entries = readdirSync(into);
  return entries.length === 1 && entries[0] ? join(into, entries[0]) : into;
}

export type Instance = { index: number; api: string; brand: string; child: Child | undefined };

/**
 * Everything the cluster test runs, each from a release artifact or Debian's packages and on
 * its own loopback ports: PostgreSQL, Redis, an SMTP receiver, three instances of the server
 * artifact serving the VoucherNest artifact, and HAProxy in front.
 */
export async function startCluster() {
  const work = mkdtempSync(join(tmpdir(), 'cc-cluster-'));
  const serverDir = unpack(artifact('server'), join(work, 'server'));
  const brandDir = unpack(artifact('vouchernest'), join(work, 'vouchernest'));
  const brandDist = readdirSync(brandDir).includes('dist') ? join(brandDir, 'dist') : brandDir;
  const [pgPort = 0, redisPort = 0, proxyApi = 0, proxyBrand = 0, ...instancePorts] =
    await freePorts(4 + INSTANCES * 2);
  const postgres = await startPostgres(pgPort);
  const redis = redisServer(redisPort);
  await redis.start();
  const mailbox = await startMailbox();
  const brandOrigin = `http://127.0.0.1:${proxyBrand}`;
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: 'production',
    JWT_SECRET: 'cluster-test-secret-that-is-long-enough-to-sign',
    METRICS_TOKEN,
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    SMTP_URL: mailbox.url,
    MAIL_FROM_UK: 'VoucherNest <no-reply@cluster.test>',
    BILLING_PROVIDER: 'local',
    ALLOW_TEST_BILLING: '1',
    BILLING_RENEWAL_INTERVAL_MS: '0',
    INVOICE_SUPPLIER_NAME_UK: 'VoucherNest Ltd',
    INVOICE_SUPPLIER_ADDRESS_UK: '1 High Street|London|EC1A 1AA',
    INVOICE_SUPPLIER_VAT_UK: 'GB123456789',
    BRANDS: 'uk',
    BRAND_DIST_UK: brandDist,
    ORIGIN_UK: brandOrigin,
    // The proxy answers plain http:// on loopback: no TLS in this test.
    ALLOW_HTTP_ORIGINS: '1',
    HOST: '127.0.0.1',
    TRUST_PROXY_HOPS: '1',
    RATE_LIMIT_AUTH_MAX: '100000',
    RATE_LIMIT_UPLOAD_MAX: String(UPLOAD_LIMIT),
    LOG_LEVEL: 'warn',
    DATA_DIR: join(work, 'data'),
  };
  const instances: Instance[] = Array.from({ length: INSTANCES }, (_, index) => ({
    index,
    api: `http://127.0.0.1:${instancePorts[index * 2] ?? 0}`,
    brand: `http://127.0.0.1:${instancePorts[index * 2 + 1] ?? 0}`,
    child: undefined,
  }));
  // The artifact's entry points: at its root, or under dist/.
  const entry = (name: string) => (existsSync(join(serverDir, name)) ? name : join('dist', name));
  const launch = (instance: Instance) => {
    instance.child = start(supportedNode(), [entry('server.js')], {
      cwd: serverDir,
      env: { ...env, PORT: new URL(instance.api).port, PORT_UK: new URL(instance.brand).port },
    });
  };
  // Up to three minutes: on a 2-core machine shared with other builds a start has taken over one.
  const ready = (instance: Instance) =>
    waitFor(
      async () => (await fetch(`${instance.api}/api/v1/health/ready`)).status === 200,
      180_000,
    );
  // All three at the same moment on the empty database: the migrations run once, under their lock.
  instances.forEach(launch);
  const up = await Promise.all(instances.map(ready));
  if (up.some((ok) => !ok)) {
    throw new Error(
      `An instance did not become ready:\n${instances.map((i) => i.child?.output() ?? '').join('\n---\n')}`,
    );
  }
  const proxy = await startHaproxy([
    { name: 'api', port: proxyApi, backends: instances.map((i) => Number(new URL(i.api).port)) },
    {
      name: 'brand',
      port: proxyBrand,
      backends: instances.map((i) => Number(new URL(i.brand).port)),
    },
  ]);
  return {
    postgres,
    redis,
    mailbox,
    instances,
    serverDir,
    env,
    proxy: { api: `http://127.0.0.1:${proxyApi}`, brand: brandOrigin, brandPort: proxyBrand },
    /** Makes the first admin with the artifact's own create-staff command, as an operator would (the password on stdin). */
    createStaff: (email: string, password: string) => {
      run(process.execPath, [entry('create-staff.js'), '--email', email, '--password-stdin'], {
        env: { ...env, PORT: '0' },
        cwd: serverDir,
        input: `${password}\n`,
      });
    },
    kill: async (instance: Instance) => {
      if (instance.child) await stop(instance.child, 'SIGKILL');
      instance.child = undefined;
    },
    /** Stops an instance as a platform does, with SIGTERM: answers its exit code and output. */
    terminate: async (instance: Instance) => {
      const child = instance.child;
      if (!child) throw new Error(`instance ${instance.index + 1} is not running`);
      await stop(child, 'SIGTERM');
      instance.child = undefined;
      return { code: await child.exited, output: child.output() };
    },
    /** Starts a stopped instance again on its ports, as a rolling restart does, and waits until it is ready. */
    restart: async (instance: Instance) => {
      launch(instance);
      if (!(await ready(instance)))
        throw new Error(
          `instance ${instance.index + 1} did not become ready again:\n${instance.child?.output() ?? ''}`,
        );
    },
    stop: async () => {
      await proxy.stop();
      await Promise.all(
        instances.map(async (instance) => {
          if (instance.child) await stop(instance.child);
        }),
      );
      await mailbox.stop();
      await redis.stop();
      postgres.stop();
      rmSync(work, { recursive: true, force: true });
    },
  };
}
export type Cluster = Awaited<ReturnType<typeof startCluster>>;
