import { expect, test, type Page } from '@playwright/test';
import { demoLogin, UK } from './support/brands';
import { logIn } from './support/helpers';

const REFRESH = '**/api/v1/auth/token/refresh/';

/** Makes the server refuse the stored access token, as it does once the token expires. */
async function spoilAccessToken(page: Page) {
  await page.evaluate(() => {
    document.cookie = 'cc_token=refused; path=/';
    const user = JSON.parse(localStorage.getItem('cc_user') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('cc_user', JSON.stringify({ ...user, token: 'refused' }));
  });
}

test('two tabs renewing a refused access token at the same moment both stay signed in', async ({
  context,
}) => {
  const { email, password } = demoLogin(UK);
  const first = await context.newPage();
  await logIn(first, UK, email, password);
  const second = await context.newPage();
  await second.goto(`${UK.origin}/my-store`);
  const logout = (page: Page) =>
    page
      .getByRole('banner')
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Logout' });
  await expect(logout(second)).toBeVisible();

  await spoilAccessToken(first);
  // A slow network: each tab's refresh carries the cookies the browser held when it was sent and
  // reaches the server 3 s later, so both tabs' refreshes are under way at once unless one tab
  // waits for the other. The later one would carry a cookie the earlier one rotated: a replay,
  // which ends the session.
  for (const page of [first, second]) {
    await page.route(REFRESH, async (route) => {
      const held = await context.cookies(route.request().url());
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const cookie = held.map(({ name, value }) => `${name}=${value}`).join('; ');
      await route.continue({ headers: { ...route.request().headers(), cookie } });
    });
  }
  const refreshes = [first, second].map((page) =>
    page.waitForResponse((response) => response.url().endsWith('/api/v1/auth/token/refresh/')),
  );
  await Promise.all([first.reload(), second.reload()]);
  expect(await Promise.all(refreshes.map(async (response) => (await response).status()))).toEqual([
    200, 200,
  ]);

  for (const page of [first, second]) {
    await expect(logout(page)).toBeVisible();
    await expect(page).toHaveURL(`${UK.origin}/my-store`);
  }
  // The session lives on: the cookie the last refresh set renews again. The first tab closes
  // so that its page's own calls, still on their way, cannot renew in the second's place.
  await first.close();
  await second.unroute(REFRESH);
  await spoilAccessToken(second);
  const again = second.waitForResponse((response) =>
    response.url().endsWith('/api/v1/auth/token/refresh/'),
  );
  await second.reload();
  expect((await again).status()).toBe(200);
  await expect(logout(second)).toBeVisible();
});
