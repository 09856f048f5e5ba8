import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { dayOffset, describeEachDatabase } from './helpers';
import { catalogueMerchant, tag } from './legacy-fixtures';
import { staffToken } from './review-fixtures';

const run = promisify(execFile);
const SCRIPT = resolve(
  import.meta.dirname,
  '..',
  '..',
  '..',
  'examples',
  'catalogue-site',
  'render.mjs',
);

describeEachDatabase(
  'example coupon site (examples/catalogue-site) on the catalogue API',
  (ctx) => {
    it("renders a brand's A to Z merchant list and a merchant's coupons from a running server", async () => {
      const { app, clock } = ctx();
      const api = await app.listen({ port: 0, host: '127.0.0.1' });
      const render = async (...options: string[]) =>
        (await run(process.execPath, [SCRIPT, '--api', api, '--site', '10', ...options])).stdout;
      const staff = await staffToken(app);
      const mark = tag();
      const acme = await catalogueMerchant(app, staff, {
        client: 10,
        name: `Acme & Sons ${mark}`,
        coupons: [
          { description: 'Tents <half> price', title: '50% OFF', discount_code: 'TENT50' },
          {
            description: 'Free delivery',
            offer_type: 'free_shipping',
            title: '',
            discount_code: '',
          },
          { description: 'Not yet', start_date: dayOffset(clock, 4) },
        ],
      });
      await catalogueMerchant(app, staff, { client: 10, name: `Zebra Gear ${mark}` });
      await catalogueMerchant(app, staff, { client: 10, name: `Bolt ${mark}`, state: 'pending' });
      await catalogueMerchant(app, staff, { client: 7, name: `Another Brand ${mark}` });

      const page = await render('--merchant', acme.store.slug);
      expect(page.startsWith('<!DOCTYPE html>')).toBe(true);
      expect(page).toContain('<h1>Stores A to Z</h1>');
      expect(page).toMatch(
        /<nav class="a-to-z">.*<a href="#letter-A">A<\/a>.*<a href="#letter-Z">Z<\/a>/,
      );
      const acmeAt = page.indexOf(`Acme &#38; Sons ${mark}</a>`);
      expect(acmeAt).toBeGreaterThan(0);
      expect(page.indexOf(`Zebra Gear ${mark}</a>`)).toBeGreaterThan(acmeAt);
      expect(page).toContain(
        `<a href="${acme.store.url}">Acme &#38; Sons ${mark}</a> <small>(2 offers)</small>`,
      );
      expect(page).not.toContain(`Bolt ${mark}`);
      expect(page).not.toContain(`Another Brand ${mark}`);

      const merchant = page.slice(page.indexOf('<article class="merchant">'));
      expect(merchant).toContain(`<h2>Acme &#38; Sons ${mark}</h2>`);
      expect(merchant).toContain(
        '<strong>50% OFF</strong> Tents &#60;half&#62; price <code>TENT50</code>',
      );
      expect(merchant).toContain('<strong>Free Shipping</strong> Free delivery');
      expect(merchant).toContain(
        `<a href="${acme.store.url}/go/${acme.couponIds[0]}" rel="nofollow noopener" target="_blank">Use Coupon</a>`,
      );
      expect(merchant.indexOf('50% OFF')).toBeLessThan(merchant.indexOf('Free Shipping'));
      expect(merchant).not.toContain('Not yet');

      const letter = await render('--letter', 'z');
      expect(letter).toContain(`Zebra Gear ${mark}`);
      expect(letter).not.toContain(`Acme &#38; Sons ${mark}`);
      const failed = await render('--merchant', 'no-such-store').catch(
        (error: { code: number; stderr: string }) => error,
      );
      expect(failed).toMatchObject({
        code: 1,
        stderr: expect.stringContaining('answered 404') as unknown,
      });
    });
  },
);
