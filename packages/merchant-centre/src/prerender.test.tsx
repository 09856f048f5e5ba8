/** @vitest-environment node */
import { describe, expect, it } from 'vitest';
import { APP_VERSION, CLIENTS } from '@cc/config';
import { prerenderLanding } from './prerender';

describe('prerendered landing page', () => {
  it.each([7, 8, 10] as const)('client %i: the visitor shell and the pitch with the price, as HTML', (clientId) => {
    const config = CLIENTS[clientId];
    const brandLogos = Object.fromEntries(config.brands.map((brand) => [brand.logo, `/assets/${brand.logo}`]));
    const html = prerenderLanding({ config, assets: { logoUrl: '/assets/logo.svg', brandLogos }, version: APP_VERSION });
    expect(html).toContain(`${config.currencySymbol}${config.price.toFixed(2)}`);
    expect(html).toContain('Trusted by World&#x27;s best brands');
    expect(html).toContain('href="/register"');
    expect(html).toContain('Log in');
    expect(html).toContain('data-prerendered=""');
    expect(html).not.toContain('Logout');
  });
});
