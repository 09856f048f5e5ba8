import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  couponBody,
  createStore,
  expectStatus,
  logIn,
  register,
  staffLogIn,
  subscribe,
  uniqueEmail,
} from '@cc/cluster-test/src/merchant';
import { freePorts, waitFor } from '@cc/cluster-test/src/processes';
import { podman, podmanUnavailable, type Podman } from '@cc/release/podman';
import { composeSite, type Site } from './compose';
import { inheritedEnv, releaseDir } from './env';
import { COMPOSE_FILE, loadImages, releaseVersion, REPO } from './release-images';

/** What the run measured; printed, and written to test-results/compose.json for docs/operations.md. */
const figures: Record<string, number | string> = {};
const RELEASE = resolve(releaseDir ?? join(REPO, 'release'));
const unavailable = podmanUnavailable(REPO);
if (unavailable) console.log(`Compose test skipped: ${unavailable}`);

/** Mail the site's sink kept for `to`, quoted-printable undone: the first link holding `part`. */
async function mailLink(mailPort: number, to: string, part: string): Promise<string | undefined> {
  const kept = (await (await fetch(`http://127.0.0.1:${mailPort}/messages`)).json()) as {
    to: string[];
    data: string;
  }[];
  for (const message of kept.filter((m) => m.to.includes(to))) {
    const text = message.data
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    const found = text.match(/https?:\/\/[^\s"<>]+/g)?.find((link) => link.includes(part));
    if (found) return found;
  }
  return undefined;
}

describe.skipIf(Boolean(unavailable))(
  'a whole site from the release images with deploy/compose.yaml',
  () => {
    let engine: Podman;
    let site: Site;
    let loaded: string[] = [];
    let env: NodeJS.ProcessEnv = {};
    const scratch = mkdtempSync(join(tmpdir(), 'cc-compose-'));
    const ports: Record<string, number> = {};
    const at = (name: string) => `http://127.0.0.1:${ports[name] ?? 0}`;
    const acknowledged: { emails: string[]; coupons: string[] } = { emails: [], coupons: [] };
    /** Registrations through the proxy from three workers until `stop`; what was acknowledged lands in `acknowledged`. */
    const registrationsUnderLoad = () => {
      let running = true;
      const counts = { sent: 0, refused: 0, refusedBy: {} as Record<string, number> };
      const worker = async () => {
        while (running) {
          const email = uniqueEmail('load');
          counts.sent += 1;
          const answer = await call(
            at('CC_PROXY_PORT_UK'),
            'POST',
            '/api/v1/auth/email-register/',
            {
              body: {
                email,
                password: 'shop-secret-123',
                siteId: 7,
                type: 2,
                first_name: 'N/A',
                last_name: 'N/A',
              },
            },
          ).catch(() => undefined);
          if (answer?.status === 201) acknowledged.emails.push(email);
          else {
            counts.refused += 1;
            const why = String(answer?.status ?? 'no answer');
            counts.refusedBy[why] = (counts.refusedBy[why] ?? 0) + 1;
          }
          await new Promise((done) => setTimeout(done, 50));
        }
      };
      const workers = Promise.all([worker(), worker(), worker()]);
      return {
        counts,
        stop: async () => {
          running = false;
          await workers;
          return counts;
        },
      };
    };
    const lostWrites = () => {
      const stored = new Set(sql('SELECT email FROM users').split('\n'));
      return acknowledged.emails.filter((email) => !stored.has(email));
    };
    /** `up` of `target` while registrations run; its figures under `name`; then each server instance runs `image` and nothing acknowledged was lost. */
    const upUnderLoad = async (target: Site, name: string, image: string) => {
      const load = registrationsUnderLoad();
      await new Promise((done) => setTimeout(done, 2_000));
      const started = Date.now();
      await target.up();
      figures[`${name}Seconds`] = Number(((Date.now() - started) / 1000).toFixed(1));
      await new Promise((done) => setTimeout(done, 2_000));
      const counts = await load.stop();
      figures[`${name}RequestsSent`] = counts.sent;
      figures[`${name}RequestsRefused`] = counts.refused;
      figures[`${name}RefusedByStatus`] = JSON.stringify(counts.refusedBy);
      for (const server of ['server1', 'server2']) {
        expect(
          engine
            .run(['container', 'inspect', '--format', '{{.ImageName}}', site.container(server)])
            .trim(),
        ).toBe(image);
      }
      // While an instance drains the proxy may still hand it a request or two; each such answer is
      // a refusal the client sees (and may send again), never an acknowledged write that is lost.
      expect(counts.sent - counts.refused).toBeGreaterThan(10);
      expect(lostWrites()).toEqual([]);
      expect((await fetch(`${at('CC_PROXY_PORT_UK')}/api/v1/health/ready`)).status).toBe(200);
    };
    /** Until HAProxy, which checks every second, sends requests to an instance that started again. */
    const proxyServing = async () => {
      expect(
        await waitFor(
          async () => (await fetch(`${at('CC_PROXY_PORT_UK')}/api/v1/health/ready`)).status === 200,
          60_000,
        ),
      ).toBe(true);
    };
    /** `pnpm --filter @cc/compose-test site <args>` on this test's project, as an operator runs it. */
    const siteCommand = (args: string[]) => {
      const run = spawnSync(
        join(REPO, 'tools/compose-test/node_modules/.bin/tsx'),
        ['src/site.ts', ...args],
        {
          cwd: join(REPO, 'tools/compose-test'),
          env: { ...env, COMPOSE_PROJECT_NAME: site.project },
          encoding: 'utf8',
        },
      );
      return { status: run.status, output: `${run.stdout}${run.stderr}` };
    };
    const sql = (query: string) =>
      engine
        .run([
          'exec',
          site.container('postgres'),
          'psql',
          '-U',
          'postgres',
          '-h',
          '/tmp',
          '-p',
          String(ports.CC_PG_PORT),
          '-tAc',
          query,
        ])
        .trim();

    beforeAll(async () => {
      engine = podman(REPO);
      for (const archive of readdirSync(RELEASE).filter((name) => name.endsWith('.oci.tar'))) {
        figures[`${archive} MB`] = Number((statSync(join(RELEASE, archive)).size / 1e6).toFixed(1));
      }
      const names = [
        'CC_PG_PORT',
        'CC_REDIS_PORT',
        'CC_SMTP_PORT',
        'CC_MAIL_PORT',
        'CC_PROXY_PORT_API',
        'CC_PROXY_PORT_UK',
        'CC_PROXY_PORT_US_PROMO',
        'CC_PROXY_PORT_US_DISCOUNT',
      ];
      for (const server of ['CC_SERVER1', 'CC_SERVER2'])
        names.push(
          ...['', '_UK', '_US_PROMO', '_US_DISCOUNT'].map((suffix) => `${server}_PORT${suffix}`),
        );
      const free = await freePorts(names.length);
      names.forEach((name, index) => (ports[name] = free[index] ?? 0));
      env = {
        ...inheritedEnv,
        ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])),
        CC_VERSION: releaseVersion(RELEASE),
        CC_RATE_LIMIT_AUTH_MAX: '100000',
      };
      site = composeSite({
        engine,
        file: COMPOSE_FILE,
        project: `cc-compose-${randomBytes(3).toString('hex')}`,
        env,
      });
      const load = loadImages(engine, RELEASE);
      loaded = load.loaded;
      figures.loadSeconds = Number(load.seconds.toFixed(1));
      const started = Date.now();
      await site.up();
      await site.waitHealthy('proxy');
      await proxyServing();
      figures.startToReadySeconds = Number(((Date.now() - started) / 1000).toFixed(1));
    });

    afterAll(() => {
      console.log(`\nCompose figures: ${JSON.stringify(figures)}`);
      const dir = join(REPO, 'test-results');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'compose.json'), `${JSON.stringify(figures, null, 2)}\n`);
      site?.down({ volumes: true });
      for (const image of loaded) engine?.try(['rmi', '--force', image]);
      rmSync(scratch, { recursive: true, force: true });
    });

    it('reports every service healthy, each image running as its non-root user', () => {
      for (const service of site.services) {
        expect(site.healthy(service), service).toBe(true);
        expect(
          engine
            .run([
              'exec',
              site.container(service),
              'sh',
              '-c',
              'echo $(id -u 2>/dev/null || cat /proc/self/status | grep ^Uid)',
            ])
            .trim(),
          service,
        ).toMatch(/10001/);
      }
    });

    it('takes a merchant from registration to a paid store page with a coupon, through the proxy', async () => {
      const brand = at('CC_PROXY_PORT_UK');
      const email = uniqueEmail('site');
      await register(brand, email);
      acknowledged.emails.push(email);
      expect(
        await waitFor(
          async () =>
            (await mailLink(ports.CC_MAIL_PORT ?? 0, email, '/auth/verify-email?token=')) !==
            undefined,
          30_000,
          250,
        ),
      ).toBe(true);
      const link = new URL(
        (await mailLink(ports.CC_MAIL_PORT ?? 0, email, '/auth/verify-email?token=')) ?? '',
      );
      expectStatus(
        await call(brand, 'POST', '/api/v1/auth/verify-email/', {
          body: { token: link.searchParams.get('token') },
        }),
        200,
        'verify',
      );
      const token = await logIn(brand, email);
      const store = await createStore(brand, token);
      const coupon = await call(brand, 'POST', '/api/v1/coupons/', {
        token,
        body: couponBody(store.id, 'Site coupon one'),
      });
      expectStatus(coupon, 201, 'coupon');
      acknowledged.coupons.push('Site coupon one');
      await subscribe(brand, token);

      const staffEmail = uniqueEmail('staff');
      engine.run(
        [
          'exec',
          '-i',
          site.container('server1'),
          'node',
          'dist/create-staff.js',
          '--email',
          staffEmail,
          '--password-stdin',
        ],
        { input: 'shop-secret-123\n' },
      );
      const staff = await staffLogIn(at('CC_PROXY_PORT_API'), staffEmail);
      expectStatus(
        await call(at('CC_PROXY_PORT_API'), 'POST', `/api/v1/review/stores/${store.id}/approve/`, {
          token: staff,
        }),
        200,
        'approve',
      );
      const page = await call(brand, 'GET', `/stores/${store.slug}`);
      expectStatus(page, 200, 'store page');
      expect(page.text).toContain('Site coupon one');
      const landing = await call(at('CC_PROXY_PORT_US_PROMO'), 'GET', '/');
      expect(landing.status).toBe(200);
      expect(landing.text).toContain('PromoPulse');
    });

    it('restores a backup taken with `site backup`: a damaged dump changes nothing, a whole one brings back what it held and the site serves it', async () => {
      const brand = at('CC_PROXY_PORT_UK');
      const file = join(scratch, 'site.dump');
      let started = Date.now();
      const backup = siteCommand(['backup', file]);
      expect(backup.output).toMatch(/^Wrote .+site\.dump \(\d+ KB\)$/m);
      expect(backup.status).toBe(0);
      figures.backupKB = Math.round(statSync(file).size / 1024);
      figures.backupSeconds = Number(((Date.now() - started) / 1000).toFixed(1));
      const later = uniqueEmail('after-backup');
      await register(brand, later);
      expect(sql(`SELECT count(*) FROM users WHERE email = '${later}'`)).toBe('1');

      // A dump cut short fails part way through its restore, after the tables were dropped: the
      // one transaction rolls back and the data is as it was, the later account included.
      const users = sql('SELECT count(*) FROM users');
      const damaged = join(scratch, 'damaged.dump');
      const whole = readFileSync(file);
      writeFileSync(damaged, whole.subarray(0, Math.floor(whole.length * 0.97)));
      const failed = siteCommand(['restore', damaged]);
      expect(failed.output).toMatch(/^Restore of .+damaged\.dump failed, the data is as it was: /m);
      // What pg_restore said (`--verbose`): it had dropped the tables before the dump ran out.
      expect(failed.output).toMatch(
        /pg_restore: dropping TABLE (?:public\.)?users[\s\S]*pg_restore: error: /,
      );
      expect(failed.status).toBe(1);
      for (const server of ['server1', 'server2']) await site.waitHealthy(server);
      await proxyServing();
      expect(sql('SELECT count(*) FROM users')).toBe(users);
      await logIn(brand, later);

      started = Date.now();
      const restore = siteCommand(['restore', file]);
      expect(restore.output).toMatch(
        /^Restored .+site\.dump; the server instances are healthy again$/m,
      );
      expect(restore.status).toBe(0);
      figures.restoreToHealthySeconds = Number(((Date.now() - started) / 1000).toFixed(1));
      await proxyServing();
      expect(sql(`SELECT count(*) FROM users WHERE email = '${later}'`)).toBe('0');
      expect(lostWrites()).toEqual([]);
      expect(sql("SELECT count(*) FROM coupons WHERE description = 'Site coupon one'")).toBe('1');
      // The audit trail's guard came back with the tables: it still refuses a change.
      expect(
        engine.try([
          'exec',
          site.container('postgres'),
          'psql',
          '-U',
          'postgres',
          '-h',
          '/tmp',
          '-p',
          String(ports.CC_PG_PORT),
          '-c',
          'TRUNCATE audit_events',
        ]).status,
      ).not.toBe(0);
      await logIn(brand, acknowledged.emails[0] ?? '');
    });

    it('loses nothing acknowledged when a server instance and then the database restart', async () => {
      const load = registrationsUnderLoad();
      await new Promise((done) => setTimeout(done, 2_000));
      let started = Date.now();
      engine.run(['restart', '--time', '10', site.container('server1')]);
      await site.waitHealthy('server1');
      figures.serverRestartToHealthySeconds = Number(((Date.now() - started) / 1000).toFixed(1));
      started = Date.now();
      engine.run(['restart', '--time', '10', site.container('postgres')]);
      await site.waitHealthy('postgres');
      await site.waitHealthy('server1');
      await site.waitHealthy('server2');
      figures.databaseRestartToHealthySeconds = Number(((Date.now() - started) / 1000).toFixed(1));
      await new Promise((done) => setTimeout(done, 2_000));
      const counts = await load.stop();
      figures.writesSent = counts.sent;
      figures.writesAcknowledged = counts.sent - counts.refused;

      const lost = lostWrites();
      figures.lostWrites = lost.length;
      expect(counts.sent - counts.refused).toBeGreaterThan(10);
      expect(lost).toEqual([]);
      for (const description of acknowledged.coupons)
        expect(sql(`SELECT count(*) FROM coupons WHERE description = '${description}'`)).toBe('1');
      expect((await fetch(`${at('CC_PROXY_PORT_UK')}/api/v1/health/ready`)).status).toBe(200);
    });

    it('upgrades by image tag: `up` with a new release replaces the server instances one at a time and loses nothing acknowledged', async () => {
      // A next release whose server image differs and whose other images are the same ones
      // under the new tag, as `pnpm release` of a server change makes.
      const version = String(env.CC_VERSION);
      const next = `${version}-next`;
      writeFileSync(
        join(scratch, 'Containerfile'),
        `FROM localhost/coupon-center/server:${version}\nLABEL org.opencontainers.image.version="${next}"\n`,
      );
      engine.run([
        'build',
        '--pull=never',
        '--tag',
        `localhost/coupon-center/server:${next}`,
        '--file',
        join(scratch, 'Containerfile'),
        scratch,
      ]);
      loaded.push(`localhost/coupon-center/server:${next}`);
      for (const name of ['site-postgres', 'site-redis', 'site-mail', 'site-proxy']) {
        engine.run([
          'tag',
          `localhost/coupon-center/${name}:${version}`,
          `localhost/coupon-center/${name}:${next}`,
        ]);
        loaded.push(`localhost/coupon-center/${name}:${next}`);
      }
      const upgraded = composeSite({
        engine,
        file: COMPOSE_FILE,
        project: site.project,
        env: { ...env, CC_VERSION: next },
      });
      const unchanged = upgraded.services.filter((service) => !upgraded.imageChanged(service));
      expect(unchanged).toEqual(['postgres', 'redis', 'mail', 'proxy']);

      await upUnderLoad(upgraded, 'upgrade', `localhost/coupon-center/server:${next}`);
    });

    it('goes back to the previous release with `up` and its tag, one instance at a time, losing nothing acknowledged', async () => {
      const back = composeSite({ engine, file: COMPOSE_FILE, project: site.project, env });
      expect(back.services.filter((service) => back.imageChanged(service))).toEqual([
        'server1',
        'server2',
      ]);
      await upUnderLoad(back, 'goBack', `localhost/coupon-center/server:${String(env.CC_VERSION)}`);
    });
  },
);
