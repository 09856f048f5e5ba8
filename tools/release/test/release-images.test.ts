import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_IDS, getClientConfig } from '@cc/config';
import { packageJson, brandArtifact, serverArtifact } from '../src/artifacts';
import { sha256File } from '../src/archive';
import { IMAGE_CHECKSUMS } from '../src/images';
import { podman, podmanUnavailable, type Podman } from '../src/podman';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const RELEASE = join(ROOT, 'release');
const SERVER_VERSION = packageJson(join(ROOT, 'apps', 'server')).version;
const UK_VERSION = packageJson(join(ROOT, 'apps', 'uk')).version;
const hasImages = existsSync(join(RELEASE, IMAGE_CHECKSUMS));
const unavailable = hasImages
  ? podmanUnavailable(ROOT)
  : `${RELEASE} holds no images (pnpm release --no-images)`;
if (unavailable) console.log(`Image checks skipped: ${unavailable}`);

type Inspected = {
  Config: {
    User: string;
    Labels: Record<string, string>;
    Env: string[];
    Healthcheck?: { Test: string[] };
  };
};

describe.skipIf(Boolean(unavailable))('the release images', () => {
  let engine: Podman;
  const loaded: string[] = [];
  const load = (archive: string) => {
    const output = engine.run(['load', '--quiet', '--input', join(RELEASE, archive)]);
    const name = /Loaded image(?:\(s\))?: (.+)$/m.exec(output)?.[1]?.trim() ?? '';
    loaded.push(name);
    return name;
  };
  beforeAll(() => {
    engine = podman(ROOT);
  });
  afterAll(() => {
    for (const name of loaded) engine.try(['rmi', '--force', name]);
  });

  it('lists every image archive and its SBOM in SHA256SUMS.images, which match them', async () => {
    const expected = [
      serverArtifact(SERVER_VERSION),
      ...CLIENT_IDS.map((id) => brandArtifact(id, UK_VERSION)),
    ];
    expected.push(
      ...['postgres', 'redis', 'proxy', 'mail'].map((name) => `site-${name}-${SERVER_VERSION}`),
    );
    const sums = readFileSync(join(RELEASE, IMAGE_CHECKSUMS), 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split('  '));
    expect(sums.map(([, name]) => name).sort()).toEqual(
      expected.flatMap((name) => [`${name}.oci.tar`, `${name}.oci.cdx.json`]).sort(),
    );
    for (const [hash, name] of sums)
      expect(await sha256File(join(RELEASE, name ?? '')), name).toBe(hash);
    const bom = JSON.parse(
      readFileSync(join(RELEASE, `${serverArtifact(SERVER_VERSION)}.oci.cdx.json`), 'utf8'),
    ) as {
      metadata: { component: { type: string } };
      components: Array<{ name: string; purl?: string }>;
    };
    expect(bom.metadata.component.type).toBe('container');
    const names = bom.components.map((component) => component.name);
    for (const name of ['fastify', 'node', 'libc6']) expect(names, name).toContain(name);
  });

  it('carries the server, the brand builds, its labels and a non-root user in the server image', () => {
    const name = load(`${serverArtifact(SERVER_VERSION)}.oci.tar`);
    expect(name).toBe(`localhost/coupon-center/server:${SERVER_VERSION}`);
    const [image] = JSON.parse(engine.run(['image', 'inspect', name])) as Inspected[];
    expect(image?.Config.User).toBe('10001:10001');
    expect(image?.Config.Labels).toMatchObject({
      'org.opencontainers.image.version': SERVER_VERSION,
      'org.opencontainers.image.licenses': 'UNLICENSED',
      'org.opencontainers.image.title': 'Coupon Center server',
    });
    for (const label of ['revision', 'source', 'created'])
      expect(image?.Config.Labels[`org.opencontainers.image.${label}`], label).toBeTruthy();
    expect(image?.Config.Env).toContain('BRAND_DIST_UK=/srv/brands/uk');
    // Node from the image answers the artifact's own version, and the healthcheck's script runs on it.
    const version = engine.run([
      'run',
      '--rm',
      '--network',
      'none',
      '--entrypoint',
      'node',
      name,
      '-p',
      "require('/app/package.json').version",
    ]);
    expect(version.trim()).toBe(SERVER_VERSION);
    const brands = engine.run([
      'run',
      '--rm',
      '--network',
      'none',
      '--entrypoint',
      'sh',
      name,
      '-c',
      'ls /srv/brands && id -u 2>/dev/null || grep ^Uid /proc/self/status',
    ]);
    expect(brands).toMatch(/uk\s+us-discount\s+us-promo/);
    expect(brands).toMatch(/10001/);
  });

  it("serves a brand's build from its static image: the landing page at /, app.html for a deep link", async () => {
    const name = load(`${brandArtifact(7, UK_VERSION)}.oci.tar`);
    const [image] = JSON.parse(engine.run(['image', 'inspect', name])) as Inspected[];
    expect(image?.Config.User).toBe('10001:10001');
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const container = `cc-brand-${randomBytes(3).toString('hex')}`;
    engine.run([
      'run',
      '-d',
      '--name',
      container,
      '--network',
      'slirp4netns',
      '-p',
      `127.0.0.1:${port}:8080`,
      name,
    ]);
    try {
      const dist = join(ROOT, 'apps', 'uk', 'dist');
      let landing = '';
      const deadline = Date.now() + 20_000;
      while (!landing && Date.now() < deadline) {
        landing = await fetch(`http://127.0.0.1:${port}/`).then(
          (r) => (r.ok ? r.text() : ''),
          () => '',
        );
        if (!landing) await new Promise((done) => setTimeout(done, 250));
      }
      expect(landing).toContain(getClientConfig(7).appName);
      const deepLink = await (await fetch(`http://127.0.0.1:${port}/merchant/coupons`)).text();
      expect(deepLink).toMatch(/<main[^>]*data-prerendered[^>]*><\/main>/);
      const asset = readdirSync(join(dist, 'assets')).find((file) => file.endsWith('.js'));
      const assetAnswer = await fetch(`http://127.0.0.1:${port}/assets/${asset ?? ''}`);
      expect(assetAnswer.headers.get('cache-control')).toContain('immutable');
      // The image's healthcheck command (podman keeps HEALTHCHECK only for docker-format images).
      expect(
        engine.try(['exec', container, 'wget', '-q', '-O', '/dev/null', 'http://127.0.0.1:8080/'])
          .status,
      ).toBe(0);
    } finally {
      engine.try(['rm', '--force', '--time', '2', container]);
    }
  });
});
