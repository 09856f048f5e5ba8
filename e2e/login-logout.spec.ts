import { expect, test, type BrowserContext } from '@playwright/test';
import { BRANDS, demoLogin } from './support/brands';
import { logIn, snap } from './support/helpers';

/** The refresh cookies the browser holds for a brand: HttpOnly, so only the context (not the page) sees them. */
async function refreshCookies(context: BrowserContext, clientId: number) {
  return (await context.cookies()).filter((cookie) => cookie.name === `cc_refresh_${clientId}`);
}

for (const brand of BRANDS) {
  test(`login on ${brand.config.appName}: required fields, wrong password, then /my-store; logout says goodbye and goes to /`, async ({
    page,
    context,
  }) => {
    const { email, password } = demoLogin(brand);
    await page.goto(`${brand.origin}/login`);
    await expect(page.getByRole('button', { name: 'SIGN IN', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/auth/password-reminder',
    );
    await snap(page, brand, 'login');

    await page.getByRole('button', { name: 'SIGN IN', exact: true }).click();
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('This field is required.');
    await expect(page.getByLabel('Password')).toHaveAccessibleDescription(
      'This field is required.',
    );

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

    // The refresh token is an HttpOnly, SameSite=Strict cookie of the refresh and logout paths: no page script reads it.
    const held = await refreshCookies(context, brand.config.clientId);
    expect(held.map((cookie) => cookie.path).sort()).toEqual([
      '/api/v1/auth/logout/',
      '/api/v1/auth/token/refresh/',
    ]);
    for (const cookie of held) expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    expect(await page.evaluate(() => document.cookie)).not.toContain('refresh');
    expect(await page.evaluate(() => localStorage.getItem('cc_user'))).not.toContain('refresh');

    // An access token the server refuses is renewed through the cookie, and the merchant stays signed in.
    await page.evaluate(() => {
      document.cookie = 'cc_token=refused; path=/';
      const user = JSON.parse(localStorage.getItem('cc_user') ?? '{}') as Record<string, unknown>;
      localStorage.setItem('cc_user', JSON.stringify({ ...user, token: 'refused' }));
    });
    const refreshed = page.waitForResponse((response) =>
      response.url().endsWith('/api/v1/auth/token/refresh/'),
    );
    await page.reload();
    expect((await refreshed).status()).toBe(200);
    await expect(nav.getByRole('link', { name: 'Logout' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.cookie)).not.toContain('refused');

    await nav.getByRole('link', { name: 'Logout' }).click();
    await expect(page.getByRole('heading', { name: 'Sorry to see you go ...' })).toBeVisible();
    await snap(page, brand, 'logout');
    await expect(page).toHaveURL(`${brand.origin}/`);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    expect(await page.evaluate(() => document.cookie)).toBe('');
    // The server expired the HttpOnly refresh cookie on both paths.
    expect(await refreshCookies(context, brand.config.clientId)).toEqual([]);
  });
}
