import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@cc/contract';
import { buildApp } from '../src/app';
import { EnvError, loadEnv } from '../src/core/platform/env';
import { freshDatabase, movableClock, testEnv } from './helpers';
import { listening } from './listening';

const REPO_ROOT = resolve(import.meta.dirname, '..', '..', '..');
const BASE: NodeJS.ProcessEnv = { JWT_SECRET: 'a-secret-that-is-long-enough-to-sign-tokens' };
const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** A brand build folder holding an index.html that says `title`. */
function distFolder(title: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'cc-dist-'));
  folders.push(folder);
  writeFileSync(join(folder, 'index.html'), `<!doctype html><title>${title}</title>`);
  return folder;
}

function refusal(source: NodeJS.ProcessEnv): string {
  try {
    loadEnv({ ...BASE, ...source });
  } catch (error) {
    if (error instanceof EnvError) return error.message;
    throw error;
  }
  throw new Error('the settings were accepted');
}

describe('which brands an instance serves, and where their files are, come from env', () => {
  it('serves all three brands when BRANDS is unset, the ones it names (ids or keys) when set, none when empty', () => {
    expect(loadEnv(BASE).brands).toEqual([7, 8, 10]);
    expect(loadEnv({ ...BASE, BRANDS: '10, uk' }).brands).toEqual([7, 10]);
    expect(loadEnv({ ...BASE, BRANDS: 'us-promo' }).brands).toEqual([8]);
    expect(loadEnv({ ...BASE, BRANDS: '' }).brands).toEqual([]);
  });

  it('refuses an unknown brand in BRANDS, naming the known ones', () => {
    expect(refusal({ BRANDS: '7,9' })).toBe(
      'BRANDS has "9"; each entry is one of 7 (uk), 8 (us-promo), 10 (us-discount), and an empty BRANDS serves the API only',
    );
  });

  it("takes a brand's build from the source tree by default, from BRAND_DIST_<KEY> when set", () => {
    const defaults = loadEnv(BASE).staticFiles;
    expect(defaults.brandDist[7]).toBe(join(REPO_ROOT, 'apps', 'uk', 'dist'));
    expect(defaults.reviewDist).toBe(join(REPO_ROOT, 'apps', 'review', 'dist'));
    expect(defaults.brandLogos[10]).toBe(
      join(REPO_ROOT, 'apps', 'us-discount', 'src', 'assets', 'logo.svg'),
    );
    const promo = distFolder('PromoPulse release');
    const review = distFolder('Review release');
    const env = loadEnv({ ...BASE, BRANDS: '8', BRAND_DIST_US_PROMO: promo, REVIEW_DIST: review });
    expect(env.staticFiles.brandDist).toEqual({ 8: promo });
    expect(env.staticFiles.reviewDist).toBe(review);
  });

  it('refuses a BRAND_DIST_<KEY> or REVIEW_DIST folder without an index.html, naming it', () => {
    const empty = mkdtempSync(join(tmpdir(), 'cc-empty-'));
    folders.push(empty);
    expect(refusal({ BRAND_DIST_UK: empty })).toBe(`BRAND_DIST_UK (${empty}) has no index.html`);
    expect(refusal({ REVIEW_DIST: join(empty, 'missing') })).toBe(
      `REVIEW_DIST (${join(empty, 'missing')}) has no index.html`,
    );
    // A brand the instance does not serve is not looked at.
    expect(
      loadEnv({ ...BASE, BRANDS: '8', BRAND_DIST_UK: empty }).staticFiles.brandDist,
    ).not.toHaveProperty('7');
  });

  it("refuses a served brand's port that is the API port, and ignores the ports of brands not served", () => {
    expect(refusal({ PORT: '4007' })).toBe('PORT_UK (4007) is the same port as PORT');
    expect(refusal({ PORT_US_DISCOUNT: '4008' })).toBe(
      'PORT_US_DISCOUNT (4008) is the same port as PORT_US_PROMO',
    );
    expect(loadEnv({ ...BASE, PORT: '4007', BRANDS: '8,10' }).apiPort).toBe(4007);
  });

  it('refuses a METRICS_TOKEN shorter than 16 characters', () => {
    expect(refusal({ METRICS_TOKEN: 'short' })).toBe(
      'METRICS_TOKEN must be at least 16 characters',
    );
    expect(loadEnv({ ...BASE, METRICS_TOKEN: 'x'.repeat(16) }).metricsToken).toBe('x'.repeat(16));
  });
});

describe('an instance serving one brand', () => {
  it("answers that brand's build from its folder on its port, and no brand's files elsewhere", async () => {
    const promo = distFolder('PromoPulse from BRAND_DIST');
    const ports = await listening(2);
    const [promoPort = 0, ukPort = 0] = ports.ports;
    const database = await freshDatabase('pglite');
    const app = await buildApp({
      database,
      clock: movableClock(),
      logger: false,
      env: testEnv({
        brandPorts: { 7: ukPort, 8: promoPort, 10: 1 },
        brands: [8],
        staticFiles: {
          brandDist: { 8: promo },
          reviewDist: join(promo, 'no-review'),
          brandLogos: {},
        },
      }),
    });
    await app.ready();
    ports.route(app);
    try {
      const page = await fetch(ports.url(promoPort, '/my-store'));
      expect(await page.text()).toContain('PromoPulse from BRAND_DIST');
      const uk = await fetch(ports.url(ukPort, '/'));
      expect(uk.status).toBe(404);
      expect(await uk.json()).toEqual({ message: MESSAGES.notFound, detail: MESSAGES.notFound });
      const review = await fetch(ports.url(promoPort, '/review/'));
      expect(review.status).toBe(404);
    } finally {
      await ports.close();
      await app.close();
      await database.close();
    }
  });
});
