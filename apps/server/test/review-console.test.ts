import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { call, describeEachDatabase } from './helpers';

// A stand-in build of apps/review under a repository root of its own.
const root = mkdtempSync(join(tmpdir(), 'cc-review-console-'));
const dist = join(root, 'apps', 'review', 'dist');
mkdirSync(join(dist, 'assets'), { recursive: true });
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Coupon Center store review</title>');
writeFileSync(join(dist, 'assets', 'index-abc12345.js'), 'console.log(1)');
writeFileSync(join(root, 'secret.txt'), 'not for the browser');

describeEachDatabase(
  'the staff console under /review',
  (ctx) => {
    it('serves the build, with index.html for the console routes and hashed assets cached for good', async () => {
      const { app } = ctx();
      const index = await call(app, 'GET', '/review/');
      expect(index.statusCode).toBe(200);
      expect(index.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(index.headers['cache-control']).toBe('no-cache');
      expect(index.body).toContain('Coupon Center store review');
      expect((await call(app, 'GET', '/review/stores/12')).body).toContain(
        'Coupon Center store review',
      );
      const asset = await call(app, 'GET', '/review/assets/index-abc12345.js');
      // A JavaScript MIME type (HTML's list has both text/ and application/javascript).
      expect(asset.headers['content-type']).toMatch(
        /^(text|application)\/javascript; charset=utf-8$/,
      );
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('never serves a file outside the build', async () => {
      const { app } = ctx();
      const escaped = await call(app, 'GET', '/review/..%2F..%2F..%2Fsecret.txt');
      expect(escaped.body).not.toContain('not for the browser');
    });
  },
  { env: { repoRoot: root } },
);
