import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getClientConfig, type ClientId } from '@cc/config';
import { listFiles, run, sha256File } from '../src/archive';
import {
  brandArtifact,
  brandPackages,
  openRelease,
  packageJson,
  readManifest,
  serverArtifact,
  storybookArtifact,
  type Release,
} from '../src/artifacts';
import { supportedNode } from '@cc/node-lts';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const RELEASE = join(ROOT, 'release');
const SERVER_VERSION = packageJson(join(ROOT, 'apps', 'server')).version;
const UK = join(ROOT, 'apps', 'uk');
/** A 1x1 PNG: an upload re-encodes it with sharp, the artifact's native image library. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let release: Release;
let work: string;
let server: string;
let vouchernest: string;

beforeAll(async () => {
  // npm test runs `pnpm release` before the tests; alone, this file makes one.
  if (!existsSync(join(RELEASE, 'SHA256SUMS')))
    run('pnpm', ['--filter', '@cc/release', 'release'], { cwd: ROOT });
  release = await openRelease(RELEASE);
  work = mkdtempSync(join(tmpdir(), 'cc-artifacts-'));
  server = release.unpack(release.artifact('server'), work);
  vouchernest = release.unpack(release.artifact('vouchernest'), work);
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function freePorts(count: number): Promise<number[]> {
  return Promise.all(
    Array.from({ length: count }, () => {
      const probe = createServer();
      return new Promise<number>((done) =>
        probe.listen(0, '127.0.0.1', () => {
          const address = probe.address();
          probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
        }),
      );
    }),
  );
}

type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/** `node server.js` in the unpacked artifact, with nothing but `env`: no PATH, no repository. */
function startServer(env: Record<string, string>): Started {
  const child = spawn(supportedNode(), ['server.js'], {
    cwd: server,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, output: () => output, exited };
}

async function ready(url: string, started: Started, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline && started.child.exitCode === null) {
    const status = await fetch(url).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return true;
    await new Promise((done) => setTimeout(done, 250));
  }
  return false;
}

/**
 * What a staging deployment sets: production on the embedded database, with the local test
 * billing and an SMTP server that is not there.
 */
const PRODUCTION = {
  NODE_ENV: 'production',
  EMBEDDED_DATABASE: '1',
  JWT_SECRET: 'a-production-secret-that-is-long-enough-to-sign',
  SMTP_URL: 'smtp://127.0.0.1:9',
  METRICS_TOKEN: 'a-metrics-token-for-scrapes',
  BILLING_PROVIDER: 'local',
  ALLOW_TEST_BILLING: '1',
  INVOICE_SUPPLIER_NAME_UK: 'VoucherNest Ltd',
  INVOICE_SUPPLIER_ADDRESS_UK: '1 High Street|London|EC1A 1AA',
  INVOICE_SUPPLIER_VAT_UK: 'GB123456789',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
};

describe('the release artifacts', () => {
  it('lists each brand, the server and the Storybook with their SBOMs in SHA256SUMS, which match them', () => {
    const expected = [
      serverArtifact(SERVER_VERSION),
      storybookArtifact(packageJson(join(ROOT, 'packages', 'ui')).version),
    ];
    for (const [id, folder] of Object.entries(brandPackages(ROOT)))
      expected.push(brandArtifact(Number(id) as ClientId, packageJson(folder).version));
    for (const artifact of expected) expect(release.names).toContain(`${artifact}.tar.gz`);
    for (const artifact of expected.filter((name) => !name.startsWith('storybook-'))) {
      const sbom = JSON.parse(readFileSync(join(RELEASE, `${artifact}.cdx.json`), 'utf8')) as {
        bomFormat: string;
        components: Array<{ name: string }>;
      };
      expect(sbom.bomFormat).toBe('CycloneDX');
      expect(sbom.components.map((component) => component.name)).toContain(
        artifact.startsWith('server-') ? 'fastify' : 'react',
      );
    }
    expect(release.names).toHaveLength(expected.length * 2 - 1);
  });

  it("holds a brand's build, its changelog at its version, and a manifest hashing every file", async () => {
    const { version } = packageJson(UK);
    const manifest = readManifest(vouchernest);
    expect(manifest).toMatchObject({
      artifact: `vouchernest-${version}`,
      package: '@cc/app-uk',
      version,
      clientId: 7,
      brand: 'uk',
    });
    expect(readFileSync(join(vouchernest, 'CHANGELOG.md'), 'utf8')).toMatch(
      new RegExp(`^## ${version.replaceAll('.', '\\.')}$`, 'm'),
    );
    const shipped = listFiles(join(vouchernest, 'dist')).map((file) => `dist/${file}`);
    expect(Object.keys(manifest.files).sort()).toEqual([...shipped, 'CHANGELOG.md'].sort());
    for (const [file, hash] of Object.entries(manifest.files))
      expect(await sha256File(join(vouchernest, file)), file).toBe(hash);
  });

  it('holds the server bundle, its migrations, the review console and the logos, each hashed in its manifest', async () => {
    const manifest = readManifest(server);
    expect(manifest).toMatchObject({
      artifact: `server-${SERVER_VERSION}`,
      package: '@cc/server',
      version: SERVER_VERSION,
    });
    for (const file of [
      'server.js',
      'dist/server.js',
      'drizzle/meta/_journal.json',
      'review/index.html',
      'brand-logos/uk.svg',
    ]) {
      expect(manifest.files, file).toHaveProperty([file]);
    }
    for (const [file, hash] of Object.entries(manifest.files))
      expect(await sha256File(join(server, file)), file).toBe(hash);
    for (const native of ['sharp', '@node-rs/argon2', '@electric-sql/pglite']) {
      expect(existsSync(join(server, 'node_modules', native, 'package.json')), native).toBe(true);
    }
  });

  it('runs the server with Node and env alone, outside the repository, serving one brand from its artifact', async () => {
    expect(work.startsWith(ROOT)).toBe(false);
    expect(readManifest(server).version).toBe(SERVER_VERSION);
    const [api = 0, uk = 0, promo = 0] = await freePorts(3);
    const started = startServer({
      ...PRODUCTION,
      DATA_DIR: join(work, 'data'),
      PORT: String(api),
      PORT_UK: String(uk),
      PORT_US_PROMO: String(promo),
      BRANDS: 'uk',
      BRAND_DIST_UK: join(vouchernest, 'dist'),
      ORIGIN_UK: 'https://www.vouchernest.co.uk',
      MAIL_FROM_UK: 'VoucherNest <no-reply@vouchernest.co.uk>',
    });
    const at = (port: number, path: string, init?: RequestInit) =>
      fetch(`http://127.0.0.1:${port}${path}`, init);
    try {
      expect(
        await ready(`http://127.0.0.1:${api}/api/v1/health/ready`, started, 90_000),
        started.output(),
      ).toBe(true);
      const health = await at(api, '/api/v1/health/ready');
      expect(await health.json()).toEqual({ status: 'ready', database: 'up', store_changes: 'up' });
      expect(health.headers.get('x-request-id')).toBeTruthy();

      const landing = await at(uk, '/');
      expect(await landing.text()).toBe(
        readFileSync(join(vouchernest, 'dist', 'index.html'), 'utf8'),
      );
      const deepLink = await (await at(uk, '/merchant/coupons')).text();
      expect(deepLink).toBe(readFileSync(join(vouchernest, 'dist', 'app.html'), 'utf8'));
      // The shell around an app screen, with an empty main: none of the landing's text or logos.
      expect(deepLink).toMatch(/<main[^>]*data-prerendered[^>]*><\/main>/);
      expect(deepLink).not.toContain('Trusted by');
      await expect(at(promo, '/')).rejects.toThrow();
      expect((await at(api, '/review/')).status).toBe(200);
      const openapi = (await (await at(api, '/api/v1/openapi.json')).json()) as {
        info: { version: string };
      };
      expect(openapi.info.version).toBe(SERVER_VERSION);

      // The native dependencies load: argon2 hashes the password, sharp re-encodes the logo.
      const registered = await at(uk, '/api/v1/auth/email-register/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'artifact@example.com', password: 'shop-secret-123' }),
      });
      expect(registered.status).toBe(201);
      const form = new FormData();
      form.set('upload_preset', getClientConfig(7).uploadPreset);
      form.set('file', new Blob([PIXEL], { type: 'image/png' }), 'logo.png');
      const { token } = (await registered.json()) as { token: string };
      const upload = await at(uk, '/api/v1/uploads/image/upload', {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(upload.status, await upload.clone().text()).toBe(200);

      expect((await at(api, '/metrics')).status).toBe(401);
      const scrape = { headers: { authorization: `Bearer ${PRODUCTION.METRICS_TOKEN}` } };
      const metrics = await (await at(api, '/metrics', scrape)).text();
      expect(metrics).toMatch(/^http_requests_total\{.*route="\/api\/v1\/health\/ready".*\} \d+$/m);
      expect((await at(uk, '/metrics')).status).toBe(404);
    } finally {
      started.child.kill('SIGTERM');
    }
    expect(await started.exited, started.output()).toBe(0);
  });

  it('refuses to start, in one line, when a brand it should serve has no build', async () => {
    const [api = 0] = await freePorts(1);
    const started = startServer({
      ...PRODUCTION,
      DATA_DIR: join(work, 'refused'),
      PORT: String(api),
      BRANDS: '8',
      ORIGIN_US_PROMO: 'https://www.promopulse.com',
      MAIL_FROM_US_PROMO: 'PromoPulse <no-reply@promopulse.com>',
    });
    expect(await started.exited).toBe(1);
    const promo = getClientConfig(8);
    expect(started.output().trim().split('\n')).toEqual([
      `Configuration error: BRAND_DIST_US_PROMO is required to serve ${promo.appName} (client 8): the dist/ of its unpacked ${promo.appName.toLowerCase()} artifact; or leave 8 out of BRANDS`,
    ]);
  });
});
