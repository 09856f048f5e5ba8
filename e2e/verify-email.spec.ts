import { expect, test } from '@playwright/test';
import { BRANDS, UK } from './support/brands';
import { mailLink, registerByApi, snap, uniqueEmail } from './support/helpers';

for (const brand of BRANDS) {
  test(`verify-email on ${brand.config.appName}: the link in the mailbox verifies and goes to /`, async ({
    page,
    request,
  }) => {
    const email = uniqueEmail(`verify-${brand.key}`);
    await registerByApi(request, brand, email, 'shop-secret-12');
    const link = await mailLink(request, email, '/auth/verify-email?token=');
    expect(link.startsWith(`${brand.origin}/auth/verify-email?token=`)).toBe(true);

    const verified = page.waitForResponse((response) =>
      response.url().endsWith('/api/v1/auth/verify-email/'),
    );
    await page.goto(link);
    expect(await (await verified).json()).toEqual({ email_verified: true });
    await expect(page).toHaveURL(`${brand.origin}/`);
    await expect(page.getByText('An error occurred/Link is expired')).toHaveCount(0);
  });
}

test('verify-email with a bad token toasts the error and goes to /', async ({ page }) => {
  await page.goto(`${UK.origin}/auth/verify-email?token=not-a-real-token`);
  const toast = page.getByText('An error occurred/Link is expired');
  await expect(toast).toBeVisible();
  await expect(page).toHaveURL(`${UK.origin}/`);
  await expect(toast).toBeInViewport({ ratio: 1 });
  await snap(page, UK, 'verify-email-error', { fullPage: false });
});

test('verify-email without a token goes to /', async ({ page }) => {
  await page.goto(`${UK.origin}/auth/verify-email`);
  await expect(page).toHaveURL(`${UK.origin}/`);
});
