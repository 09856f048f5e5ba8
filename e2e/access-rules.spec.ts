import { expect, test } from '@playwright/test';
import { demoLogin, UK } from './support/brands';
import { logIn } from './support/helpers';

const MERCHANT = ['/my-store', '/coupons', '/coupons/add', '/coupons/1', '/payment', '/logout'];
const VISITOR_ONLY = [
  '/login',
  '/register',
  '/auth/set-password?token=abc',
  '/auth/verify-email?token=abc',
  '/auth/password-reminder',
];

test('merchant routes send a visitor to /login without downloading the merchant screens', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  for (const path of MERCHANT) {
    await page.goto(`${UK.origin}${path}`);
    await expect(page, path).toHaveURL(`${UK.origin}/login`);
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  }
  expect(
    scripts.filter((url) =>
      /(my-store|coupon-list|coupon-add|coupon-edit|payment|logout)-page/.test(url),
    ),
  ).toEqual([]);
});

test('visitor-only routes send a signed-in user to /my-store', async ({ page }) => {
  const { email, password } = demoLogin(UK);
  await logIn(page, UK, email, password);
  for (const path of VISITOR_ONLY) {
    await page.goto(`${UK.origin}${path}`);
    await expect(page, path).toHaveURL(`${UK.origin}/my-store`);
  }
  for (const path of MERCHANT.filter((p) => p !== '/logout')) {
    await page.goto(`${UK.origin}${path}`);
    await expect(page, path).not.toHaveURL(`${UK.origin}/login`);
  }
});
