import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { currentCode } from '../apps/server/src/second-factor/totp';
import { E2E_API_PORT, UK } from './support/brands';
import { snap, uniqueEmail } from './support/helpers';
import { capture, expectAccessible, PASSWORD } from './support/merchant-journey';
import { signInToConsole, STAFF } from './support/staff-totp';

/**
 * Passkeys in Chromium, with the DevTools protocol's virtual authenticator standing in for a
 * fingerprint reader: it holds discoverable credentials and verifies the user at once.
 */
const API = `http://localhost:${E2E_API_PORT}`;
const brand = UK;

async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

async function signOut(page: Page) {
  await page.goto(`${brand.origin}/logout`);
  await expect(page).toHaveURL(`${brand.origin}/`);
}

/** The code of a time step after `after`'s: a code works once. */
async function nextCode(secret: string, after: { step: number }): Promise<string> {
  while (Math.floor(Date.now() / 30_000) <= after.step)
    await new Promise((resolve) => setTimeout(resolve, 500));
  after.step = Math.floor(Date.now() / 30_000);
  return currentCode(secret, new Date());
}

test('a merchant adds a passkey, signs in with it without a password, and uses it as the second step', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await virtualAuthenticator(page);
  const email = uniqueEmail('passkey');
  await page.goto(`${brand.origin}/register`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'NEXT' }).click();
  await expect(page).toHaveURL(`${brand.origin}/my-store`);

  await page.getByRole('banner').getByRole('link', { name: 'Account' }).click();
  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section.getByText('No passkeys yet.')).toBeVisible();
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await section.getByLabel('Passkey name').fill('This laptop');
  await section.getByLabel('Your password').fill(PASSWORD);
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByText('Passkey added.')).toBeVisible();
  await expect(section.getByRole('list', { name: 'Passkeys' }).getByRole('listitem')).toHaveCount(
    1,
  );
  await expect(section.getByText('Never used')).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await capture(page, brand, 'account-passkeys');

  // Without a password: the passkey alone.
  await signOut(page);
  await page.goto(`${brand.origin}/login`);
  await expectAccessible(page);
  await snap(page, brand, 'merchant-login-passkey');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(`${brand.origin}/my-store`);
  await page.getByRole('banner').getByRole('link', { name: 'Account' }).click();
  await expect(section.getByText(/^Last used /)).toBeVisible();

  // With two-step sign-in on, the passkey answers the second step in place of the code.
  const twoStep = page.getByRole('region', { name: 'Two-step sign-in' });
  await twoStep.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  const secret = (
    (await twoStep.getByLabel('Key for your authenticator app').textContent()) ?? ''
  ).replace(/\s/g, '');
  await twoStep.getByLabel('Code from the app').fill(await nextCode(secret, { step: -1 }));
  await twoStep.getByRole('button', { name: 'Turn on' }).click();
  await twoStep.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await signOut(page);
  await page.goto(`${brand.origin}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'SIGN IN', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  await expectAccessible(page);
  await snap(page, brand, 'merchant-second-step-passkey');
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(`${brand.origin}/my-store`);
});

test('a staff member adds a passkey in the console and signs in with it', async ({ page }) => {
  test.setTimeout(180_000);
  await virtualAuthenticator(page);
  await signInToConsole(page, `${API}/review/`, API);
  await page
    .getByRole('navigation', { name: 'Console' })
    .getByRole('button', { name: 'Passkeys' })
    .click();
  await page.getByLabel('Passkey name').fill('Console laptop');
  await page.getByLabel('Your password').fill(STAFF.password);
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('Passkey added.')).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Passkeys' }).getByText('Console laptop'),
  ).toBeVisible();
  await expectAccessible(page);
  await snap(page, brand, 'console-passkeys');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByText(STAFF.email)).toBeVisible();
});
