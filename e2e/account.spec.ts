import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { BRANDS } from './support/brands';
import { logIn, mailLink, uniqueEmail } from './support/helpers';
import { capture, createStore, PASSWORD, registerAndVerify } from './support/merchant-journey';

/** The Account screen's sections, by their headings. */
const section = (page: Page, name: string) => page.getByRole('region', { name });

async function openAccount(page: Page) {
  await page.getByRole('banner').getByRole('link', { name: 'Account' }).click();
  await expect(page.getByRole('heading', { name: 'ACCOUNT', exact: true })).toBeVisible();
}

for (const brand of BRANDS) {
  test(`account on ${brand.config.appName}: devices, password, email change and undo, data, deletion`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const email = await registerAndVerify(page, browser, request, brand);
    await createStore(page, brand, {
      name: `${brand.config.appName} Account ${Date.now().toString(36)}`,
      email,
    });

    // A second device: the same merchant signed in elsewhere.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await logIn(otherPage, brand, email, PASSWORD);

    await openAccount(page);
    const devices = section(page, 'Signed-in devices');
    await expect(devices.getByRole('listitem')).toHaveCount(2);
    await expect(devices.getByText('This device')).toBeVisible();
    await capture(page, brand, 'account');

    // Signing the other device out ends its session at its next call.
    await devices.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(devices.getByRole('listitem')).toHaveCount(1);
    await otherPage.goto(`${brand.origin}/payment`);
    await expect(otherPage).toHaveURL(`${brand.origin}/login`);

    // Password: a wrong current password is a field error; the right one changes it.
    const password = section(page, 'Password');
    await password.getByLabel('Current password').fill('not-my-password');
    await password.getByLabel('New password', { exact: true }).fill('new-secret-1');
    await password.getByLabel('Confirm new password').fill('new-secret-1');
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(password.getByText('Your current password is not correct.')).toBeVisible();
    await capture(page, brand, 'account-password-error');
    await password.getByLabel('Current password').fill(PASSWORD);
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(
      page.getByText('Your password was changed. Every other device was signed out.'),
    ).toBeVisible();

    // Email: nothing changes until the new address follows its link; the old one can undo it.
    const newEmail = uniqueEmail(`moved-${brand.key}`);
    const sign = section(page, 'Sign-in email');
    await sign.getByLabel('New email').fill(newEmail);
    await sign.getByLabel('Current password').fill('new-secret-1');
    await sign.getByRole('button', { name: 'Change email' }).click();
    await expect(sign.getByText(`Waiting for confirmation: ${newEmail}`)).toBeVisible();
    await capture(page, brand, 'account-email-pending');
    const confirm = await mailLink(request, newEmail, '/account/confirm-email?token=');
    await page.goto(confirm);
    await expect(page.getByText('Your sign-in email was changed.')).toBeVisible();
    await capture(page, brand, 'account-email-confirmed');
    const revert = await mailLink(request, email, '/account/revert-email?token=');
    await page.goto(revert);
    await expect(
      page.getByText('Your sign-in email was changed back and every device was signed out.'),
    ).toBeVisible();
    await logIn(page, brand, email, 'new-secret-1');

    // Deletion: the password and the typed word, then the account is gone.
    await openAccount(page);
    const remove = section(page, 'Delete account');
    await remove.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByLabel('Password').fill('new-secret-1');
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await capture(page, brand, 'account-delete-dialog');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByText('Your account was deleted.')).toBeVisible();
    await expect(page).toHaveURL(`${brand.origin}/`);

    await page.goto(`${brand.origin}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('new-secret-1');
    await page.getByRole('button', { name: 'SIGN IN', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('Invalid Email/Password combination');
    await other.close();
  });
}

test('Download my data saves a ZIP named after the brand and today', async ({
  page,
  browser,
  request,
}) => {
  const brand = BRANDS[0];
  if (!brand) throw new Error('no brand');
  const email = await registerAndVerify(page, browser, request, brand);
  await createStore(page, brand, { name: `Data ${Date.now().toString(36)}`, email });
  await openAccount(page);
  const data = section(page, 'Your data');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    data.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^${brand.config.key}-account-\\d{4}-\\d{2}-\\d{2}\\.zip$`),
  );
  const file = await download.path();
  expect(file).toBeTruthy();
});
