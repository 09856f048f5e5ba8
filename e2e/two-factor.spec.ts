import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { currentCode } from '../apps/server/src/second-factor/totp';
import { UK, type E2EBrand } from './support/brands';
import { uniqueEmail } from './support/helpers';
import { captureIn, PASSWORD } from './support/merchant-journey';
import { ownServer } from './support/own-server';
import { signInToConsole, STAFF } from './support/staff-totp';

/**
 * Two-step sign-in in the browser, on a server of its own (fresh data, so the seeded staff
 * member has no app yet); E2E_TWO_FACTOR_PORT moves its ports. The codes an authenticator
 * app would show are computed here from the key the screen shows.
 */
const API_PORT = Number(process.env.E2E_TWO_FACTOR_PORT ?? 4500);
const API = `http://localhost:${API_PORT}`;
const brand: E2EBrand = { ...UK, origin: `http://localhost:${API_PORT + 7}` };

ownServer({
  apiPort: API_PORT,
  origins: {
    7: brand.origin,
    8: `http://localhost:${API_PORT + 8}`,
    10: `http://localhost:${API_PORT + 10}`,
  },
  label: 'two-factor',
});

/** The code of the next time step: a code works once, so each sign-in waits for a new one. */
async function nextCode(secret: string, after: { step: number }): Promise<string> {
  while (Math.floor(Date.now() / 30_000) <= after.step)
    await new Promise((resolve) => setTimeout(resolve, 500));
  after.step = Math.floor(Date.now() / 30_000);
  return currentCode(secret, new Date());
}

/** Signs out as the nav's Logout does, and waits until the site root opens (the session is ended by then). */
async function signOut(page: Page) {
  await page.goto(`${brand.origin}/logout`);
  await expect(page).toHaveURL(`${brand.origin}/`);
}

async function logInWithPassword(page: Page, email: string) {
  await page.goto(`${brand.origin}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'SIGN IN', exact: true }).click();
}

test('a merchant turns on two-step sign-in, signs out, and signs in with a code from the app', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('two-factor');
  await page.goto(`${brand.origin}/register`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'NEXT' }).click();
  await expect(page).toHaveURL(`${brand.origin}/my-store`);

  await page.getByRole('banner').getByRole('link', { name: 'Account' }).click();
  const section = page.getByRole('region', { name: 'Two-step sign-in' });
  await section.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(
    section.getByRole('img', { name: 'QR code to scan with your authenticator app' }),
  ).toBeVisible();
  const secret = (
    (await section.getByLabel('Key for your authenticator app').textContent()) ?? ''
  ).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const used = { step: -1 };
  await section.getByLabel('Code from the app').fill(await nextCode(secret, used));
  await section.getByRole('button', { name: 'Turn on' }).click();
  const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.first().textContent()) ?? '';
  await section.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(section.getByText(/10 of 10 recovery codes left/)).toBeVisible();

  await signOut(page);
  await logInWithPassword(page, email);
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  await page.getByLabel('Code', { exact: true }).fill(await nextCode(secret, used));
  await page.getByRole('button', { name: 'VERIFY' }).click();
  await expect(page).toHaveURL(`${brand.origin}/my-store`);

  // Without the phone: a recovery code, once.
  await signOut(page);
  await logInWithPassword(page, email);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recovery);
  await page.getByRole('button', { name: 'VERIFY' }).click();
  await expect(page).toHaveURL(`${brand.origin}/my-store`);
});

test("staff's first sign-in enrols an authenticator app; the next asks for its code", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const first = await browser.newContext();
  const page = await first.newPage();
  // The enrolment (QR code and key) and the recovery codes, axe-checked at desktop and phone width.
  const secret = await signInToConsole(page, `${API}/review/`, API, STAFF, (screen) =>
    captureIn(page, 'review', screen),
  );
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByRole('button', { name: 'Sign out' }).click();

  const second = await browser.newContext();
  const again = await second.newPage();
  expect(
    await signInToConsole(again, `${API}/review/`, API, STAFF, (screen) =>
      captureIn(again, 'review', screen),
    ),
  ).toBe(secret);
  await expect(again.getByRole('navigation', { name: 'Review queue' })).toBeVisible();
});
