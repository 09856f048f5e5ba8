import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES, STAFF_MESSAGES } from '@cc/contract';
import { renderConsole } from '../../../testing/render-console';
import { server } from '../../../testing/server';

const TOKEN = 'invitation-token-1';

/** The console opened on an invitation link, as the mail's link opens it. */
function openLink(search = `?token=${TOKEN}`) {
  globalThis.history.replaceState(null, '', `/review/accept-invitation${search}`);
  return renderConsole();
}

afterEach(() => globalThis.history.replaceState(null, '', '/'));

describe('invitation page', () => {
  it('shows the address and role, sets the password under the server’s rules, then leads to sign in', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/v1/staff/invitations/lookup/', async ({ request }) => {
        expect(await request.json()).toEqual({ token: TOKEN });
        return HttpResponse.json({ email: 'rita@couponcenter.local', role: 'reviewer' });
      }),
      http.post('*/api/v1/staff/invitations/accept/', async ({ request }) => {
        const body = (await request.json()) as { password: string };
        sent.push(body);
        if (body.password === 'password1')
          return HttpResponse.json({ password: [MESSAGES.passwordTooCommon] }, { status: 400 });
        return HttpResponse.json({ message: STAFF_MESSAGES.accountCreated }, { status: 201 });
      }),
    );
    const { user } = openLink();
    expect(await screen.findByText(/You were invited as a reviewer/)).toHaveTextContent(
      'Choose a password for rita@couponcenter.local',
    );
    const form = screen.getByRole('form', { name: 'Set your password' });
    await user.type(within(form).getByLabelText(/^Password/), 'password1');
    await user.type(within(form).getByLabelText(/^Confirm password/), 'password1');
    await user.click(within(form).getByRole('button', { name: 'Create my account' }));
    expect(await within(form).findByText(MESSAGES.passwordTooCommon)).toBeVisible();

    await user.clear(within(form).getByLabelText(/^Password/));
    await user.clear(within(form).getByLabelText(/^Confirm password/));
    await user.type(within(form).getByLabelText(/^Password/), 'a-long-staff-secret');
    await user.type(within(form).getByLabelText(/^Confirm password/), 'a-long-staff-secret');
    await user.click(within(form).getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByText(STAFF_MESSAGES.accountCreated)).toBeVisible();
    expect(sent.at(-1)).toEqual({
      token: TOKEN,
      password: 'a-long-staff-secret',
      confirm_password: 'a-long-staff-secret',
    });

    await user.click(screen.getByRole('button', { name: 'Go to sign in' }));
    expect(await screen.findByRole('heading', { name: 'Staff sign in' })).toBeVisible();
    // The token left the address bar with the page.
    expect(globalThis.location.pathname).toBe('/review/');
    expect(globalThis.location.search).toBe('');
  });

  it('says so when the link was used or has expired', async () => {
    server.use(
      http.post('*/api/v1/staff/invitations/lookup/', () =>
        HttpResponse.json({ token: [STAFF_MESSAGES.invitationExpired] }, { status: 400 }),
      ),
    );
    openLink();
    expect(await screen.findByText(STAFF_MESSAGES.invitationExpired)).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Set your password' })).toBeNull();
  });

  it('an incomplete link asks for the mail’s link again', async () => {
    openLink('');
    expect(
      await screen.findByText(
        'This invitation link is incomplete. Open the link from the mail again.',
      ),
    ).toBeVisible();
  });
});
