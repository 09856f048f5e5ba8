/** @vitest-environment node */
import { describe, expect, it } from 'vitest';
import { CLIENTS } from '@cc/config';
import pkg from '../package.json' with { type: 'json' };
import { prerenderLanding } from './prerender';

describe('prerendered landing page', () => {
  it.each([
    [7, '£19.99'],
    [8, '$24.99'],
    [10, '$24.99'],
  ] as const)(
    'client %i: the visitor shell, the version label and the pitch with the price %s, as HTML',
    (clientId, price) => {
      const config = CLIENTS[clientId];
      const brandLogos = Object.fromEntries(
        config.brands.map((brand) => [brand.logo, `/assets/${brand.logo}`]),
      );
      const html = prerenderLanding({
        config,
        assets: { logoUrl: '/assets/logo.svg', brandLogos },
        version: pkg.version,
      });
      expect(html).toContain(price);
      expect(html).toContain('Trusted by World&#x27;s best brands');
      expect(html).toContain('href="/register"');
      expect(html).toContain('Log in');
      expect(html).toContain('data-prerendered=""');
      expect(html).not.toContain('Logout');
      expect(html).toContain(`aria-label="Version ${pkg.version}"`);
    },
  );
});
