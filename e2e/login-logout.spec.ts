import { expect, test } from '@playwright/test';
import { BRANDS, demoLogin } from './support/brands';
import { logIn, snap } from './support/helpers';

for (const brand of BRANDS) {
  test(`login on ${brand.config.appName}: required fields, wrong password, then /my-store; logout says goodbye and goes to /`, async ({ page }) => {
    const { email, password } = demoLogin(brand);
    await page.goto(`${brand.origin}/login`);
    await expect(page.getByRole('button', { name: 'SIGN IN' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/auth/password-reminder');
    await snap(page, brand, 'login');

    await page.getByRole('button', { name: 'SIGN IN' }).click();
    await expect(page.getByText('Email is a required field')).toBeVisible();
    await expect(page.getByText('Password is a required field')).toBeVisible();

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByLabel('Password').press('Enter');
    await expect(page.getByRole('alert')).toContainText('Invalid Email/Password combination');
    await snap(page, brand, 'login-error');

    await logIn(page, brand, email, password);
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
    for (const name of ['My Store', 'My coupons', 'Payment', 'Logout']) {
      await expect(nav.getByRole('link', { name })).toBeVisible();
    }
    await snap(page, brand, 'my-store-signed-in');

    await nav.getByRole('link', { name: 'Logout' }).click();
    await expect(page.getByRole('heading', { name: 'Sorry to see you go ...' })).toBeVisible();
    await snap(page, brand, 'logout');
    await expect(page).toHaveURL(`${brand.origin}/`);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    expect(await page.evaluate(() => document.cookie)).toBe('');
  });
}
