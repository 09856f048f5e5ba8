import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { mailLink, uniqueEmail } from './support/helpers';
import { captureIn } from './support/merchant-journey';
import { E2E_API_PORT } from './support/ports.mjs';
import { signInToConsole } from './support/staff-totp';

/** The staff console on the shared journey server's API port; its seeded staff member is an admin. */
const API = `http://localhost:${E2E_API_PORT}`;
const REVIEW = `${API}/review/`;
const PASSWORD = 'a-long-staff-secret';

/** Signs in with the password and the second step (the first sign-in enrols an authenticator app). */
const signIn = (page: Page, login?: { email: string; password: string }) =>
  signInToConsole(page, REVIEW, API, login);

test('staff: an admin invites a reviewer, who sets a password from the mail and signs in; disabled, they are signed out', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  // Six screens are captured at two widths, each checked by axe.
  const email = uniqueEmail('reviewer');

  // The admin invites from the Staff screen.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin);
  await admin
    .getByRole('navigation', { name: 'Console' })
    .getByRole('button', { name: 'Staff' })
    .click();
  await expect(admin.getByRole('heading', { level: 2, name: 'Staff' })).toBeVisible();
  const invite = admin.getByRole('form', { name: 'Invite staff' });
  await invite.getByLabel('Email').fill(email);
  await invite.getByLabel('Role').selectOption('reviewer');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(admin.getByText(`Invitation sent. ${email} can set a password`)).toBeVisible();
  await expect(
    admin.getByRole('table', { name: 'Invitations' }).getByRole('rowheader', { name: email }),
  ).toBeVisible();
  await captureIn(admin, 'review', 'staff');

  // The invitee follows the mail's link in a browser of their own and sets a password.
  const link = await mailLink(request, email, '/review/accept-invitation');
  const inviteeContext = await browser.newContext();
  const invitee = await inviteeContext.newPage();
  await invitee.goto(link);
  await expect(invitee.getByText(`Choose a password for ${email}`)).toBeVisible();
  await captureIn(invitee, 'review', 'accept-invitation');
  const form = invitee.getByRole('form', { name: 'Set your password' });
  // The label reads 'Password*' (the mark of a required field), and 'Confirm password' also holds 'password'.
  await form.getByLabel(/^Password/).fill(PASSWORD);
  await form.getByLabel('Confirm password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Create my account' }).click();
  await expect(
    invitee.getByText('Your staff account is ready. Sign in to the console.'),
  ).toBeVisible();
  await invitee.getByRole('button', { name: 'Go to sign in' }).click();
  await expect(invitee).toHaveURL(REVIEW);
  await signIn(invitee, { email, password: PASSWORD });
  await expect(invitee.getByText('(Reviewer)')).toBeVisible();
  await expect(invitee.getByRole('button', { name: 'Staff' })).toHaveCount(0);

  // The link works once.
  const again = await inviteeContext.newPage();
  await again.goto(link);
  await expect(
    again.getByText('This invitation has expired or was already used. Ask an admin for a new one.'),
  ).toBeVisible();
  await captureIn(again, 'review', 'accept-invitation-expired');

  // The admin sees the new member and disables them: their session ends at once.
  await admin.reload();
  await admin
    .getByRole('navigation', { name: 'Console' })
    .getByRole('button', { name: 'Staff' })
    .click();
  const row = admin
    .getByRole('table', { name: 'Staff members' })
    .getByRole('row')
    .filter({ has: admin.getByRole('rowheader', { name: email }) });
  await expect(row.getByRole('combobox', { name: `Role of ${email}` })).toHaveValue('reviewer');
  await row.getByRole('button', { name: `Disable ${email}` }).click();
  await expect(admin.getByText(`${email} was disabled and signed out everywhere.`)).toBeVisible();
  await expect(row.getByText('Disabled')).toBeVisible();
  await captureIn(admin, 'review', 'staff-disabled-member');

  await invitee.reload();
  await expect(invitee.getByRole('heading', { name: 'Staff sign in' })).toBeVisible();
  await invitee.getByLabel('Email').fill(email);
  await invitee.getByLabel('Password').fill(PASSWORD);
  await invitee.getByRole('button', { name: 'SIGN IN', exact: true }).click();
  await expect(invitee.getByText('Invalid Email/Password combination')).toBeVisible();

  // The audit records the disabling; filtered to that action, only such entries are listed.
  await admin
    .getByRole('navigation', { name: 'Console' })
    .getByRole('button', { name: 'Audit' })
    .click();
  await expect(admin.getByRole('heading', { level: 2, name: 'Audit' })).toBeVisible();
  const entries = admin.getByRole('table').getByRole('row');
  await expect(entries.filter({ hasText: 'Staff member disabled' }).first()).toBeVisible();
  await captureIn(admin, 'review', 'audit');
  const filters = admin.getByRole('form', { name: 'Audit filters' });
  await filters.getByLabel('Action').selectOption('Staff member disabled');
  await filters.getByRole('button', { name: 'Filter' }).click();
  await expect(entries.filter({ hasText: 'Staff member invited' })).toHaveCount(0);
  await expect(entries.filter({ hasText: 'Staff member disabled' }).first()).toBeVisible();
  await captureIn(admin, 'review', 'audit-filtered');

  await inviteeContext.close();
  await adminContext.close();
});
