import { expect, test } from '@playwright/test';
import { BRANDS, UK } from './support/brands';
import { logIn, mailLink, registerByApi, snap, uniqueEmail } from './support/helpers';

const SENT =
  'Your password request was successfully sent. Check your email inbox for further instructions.';

for (const brand of BRANDS) {
  test(`password reminder on ${brand.config.appName} -> set-password -> login`, async ({
    page,
    request,
  }) => {
    const email = uniqueEmail(`reset-${brand.key}`);
    await registerByApi(request, brand, email, 'first-pass');

    await page.goto(`${brand.origin}/auth/password-reminder`);
    await snap(page, brand, 'password-reminder');
    await page.getByLabel('Email').fill(`nobody-${email}`);
    await page.getByRole('button', { name: 'SEND INSTRUCTIONS' }).click();
    await expect(page.getByRole('alert')).toContainText('No User Found');
    await snap(page, brand, 'password-reminder-error');

    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'SEND INSTRUCTIONS' }).click();
    await expect(page.getByText(SENT)).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await snap(page, brand, 'password-reminder-sent');

    const link = await mailLink(request, email, '/auth/set-password?token=');
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Set new password' })).toBeVisible();
    await snap(page, brand, 'set-password');
    await page.getByLabel('Password', { exact: true }).fill('second-pass');
    await page.getByLabel('Confirm password').fill('second-pasS');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    await snap(page, brand, 'set-password-mismatch');

    await page.getByLabel('Confirm password').fill('second-pass');
    await page.getByRole('button', { name: 'Submit' }).click();
    const toast = page.getByText('Your password was changed successfully, you can now login');
    await expect(toast).toBeVisible();
    await expect(toast).toBeInViewport({ ratio: 1 });
    await snap(page, brand, 'set-password-success');
    await expect(page).toHaveURL(`${brand.origin}/login`);

    await logIn(page, brand, email, 'second-pass');
  });
}

test('set-password with an expired or unknown token says so', async ({ page }) => {
  await page.goto(`${UK.origin}/auth/set-password?token=expired-token`);
  await page.getByLabel('Password', { exact: true }).fill('second-pass');
  await page.getByLabel('Confirm password').fill('second-pass');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Reset email has expired, please request a new one',
  );
  await snap(page, UK, 'set-password-expired');
});
