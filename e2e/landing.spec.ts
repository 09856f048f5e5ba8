import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { BRANDS } from './support/brands';
import { snap, waitForApp } from './support/helpers';

/** A brand build's version label is its app's package.json version. */
function brandVersion(key: string): string {
  const file = new URL(`../apps/${key}/package.json`, import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

for (const brand of BRANDS) {
  test.describe(`landing page of ${brand.config.appName} (client ${brand.config.clientId})`, () => {
    test('shows the brand, its price and currency, the logo strip and the call to action', async ({
      page,
    }) => {
      const scripts: string[] = [];
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
      });
      await page.goto(brand.origin);
      await waitForApp(page);
      await expect(page).toHaveTitle(new RegExp(brand.config.appName));
      await expect(
        page.getByRole('banner').getByRole('img', { name: brand.config.appName }),
      ).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        `Your branded merchant page on ${brand.config.siteName}`,
      );
      await expect(page.getByTestId('price')).toHaveText(brand.price);
      await expect(
        page.getByText(`List up to 10 ${brand.config.productWord} or deals`),
      ).toBeVisible();
      const strip = page.getByRole('region', { name: "Trusted by World's best brands" });
      await expect(strip.getByRole('img')).toHaveCount(brand.config.brands.length);
      await expect(
        page.getByText(`© ${new Date().getFullYear()} ${brand.config.siteName}`),
      ).toBeVisible();
      await expect(page.getByLabel(`Version ${brandVersion(brand.key)}`)).toBeVisible();
      await snap(page, brand, 'landing');

      // The prerendered page hydrates without a mismatch.
      expect(errors).toEqual([]);
      // Visitors never download the merchant screens.
      expect(scripts.filter((url) => /(my-store|coupon-|payment)-page/.test(url))).toEqual([]);

      await page.getByRole('main').getByRole('link', { name: 'Create your coupon page' }).click();
      await expect(page).toHaveURL(`${brand.origin}/register`);
      await expect(page.getByRole('heading', { name: 'Create your coupon page' })).toBeVisible();
    });

    test('opens the mobile menu in a dialog', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(brand.origin);
      await waitForApp(page);
      await page.getByRole('button', { name: 'Menu' }).click();
      const dialog = page.getByRole('dialog', { name: 'Menu' });
      await expect(dialog.getByRole('link', { name: 'Log in' })).toBeVisible();
      await expect(dialog.getByRole('link', { name: 'Create your coupon page' })).toBeVisible();
      await snap(page, brand, 'landing-mobile-menu', { fullPage: false });
      await dialog.getByRole('button', { name: 'Close menu' }).click();
      await expect(dialog).toBeHidden();
      await snap(page, brand, 'landing-mobile');
    });
  });
}
