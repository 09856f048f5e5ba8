import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES, MESSAGES } from '@cc/contract';
import { renderApp } from '../../../testing/render-app';
import { store, storedUser } from '../../../testing/fixtures';
import { server } from '../../../testing/server';
import { account, accountHandlers, DEVICES } from '../../../testing/story-account';

vi.setConfig({ testTimeout: 20_000 });
beforeAll(() => configure({ asyncUtilTimeout: 5000 }));

const section = (name: string) => within(screen.getByRole('region', { name }));

function openAccount(answer = account()) {
  server.use(...Object.values(accountHandlers(answer)));
  return renderApp('/account', { user: storedUser({ store: store() }) });
}

describe('/account', () => {
  it('sends a visitor to /login', async () => {
    const { router } = renderApp('/account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it("is linked as 'Account' after Payment and before 'Live coupon page', in the nav and the mobile menu", async () => {
    server.use(...Object.values(accountHandlers()));
    const { user } = renderApp('/my-store', { user: storedUser({ store: store() }) });
    const nav = within(await screen.findByRole('banner')).getByRole('navigation', { name: 'Main' });
    const names = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names.slice(names.indexOf('Payment'), names.indexOf('Payment') + 3)).toEqual([
      'Payment',
      'Account',
      'Live coupon page',
    ]);
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = within(screen.getByRole('dialog', { name: 'Menu' }));
    await user.click(menu.getByRole('link', { name: 'Account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'ACCOUNT' })).toBeVisible();
  });

  it('shows the sign-in email as verified, the sections in order, and the devices with this one marked', async () => {
    openAccount();
    expect(await screen.findByRole('heading', { level: 1, name: 'ACCOUNT' })).toBeVisible();
    const email = within(await screen.findByRole('region', { name: 'Sign-in email' }));
    expect(await email.findByText('owner@acme.test')).toBeVisible();
    expect(email.getByText('Verified')).toBeVisible();
    expect(email.queryByText(/Waiting for confirmation/)).toBeNull();
    expect(
      screen
        .getAllByRole('region')
        .map((region) => region.querySelector('h2')?.textContent)
        .slice(0, 5),
    ).toEqual(['Sign-in email', 'Password', 'Two-step sign-in', 'Passkeys', 'Signed-in devices']);
    const devices = section('Signed-in devices');
    const rows = await devices.findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const [current, phone] = rows.map((row) => within(row));
    expect(current?.getByText('Chrome 142 on macOS 15')).toBeVisible();
    expect(current?.getByText('This device')).toBeVisible();
    expect(current?.queryByRole('button', { name: 'Sign out' })).toBeNull();
    expect(phone?.getByText('Safari 18 on iOS 18')).toBeVisible();
    expect(phone?.getByText(/^Signed in 2025-11-10 \d\d:\d\d$/)).toBeVisible();
    expect(phone?.getByText(/^Last used 2025-11-19 \d\d:\d\d$/)).toBeVisible();
    expect(phone?.queryByText('This device')).toBeNull();
  });

  it("marks an unverified email 'Not verified' and shows an address waiting for its link", async () => {
    openAccount(account({ email_verified: false, pending_email: 'new@acme.test' }));
    const email = within(await screen.findByRole('region', { name: 'Sign-in email' }));
    expect(await email.findByText('Not verified')).toBeVisible();
    expect(email.getByText('Waiting for confirmation: new@acme.test')).toBeVisible();
  });

  it("changes the email: sends the new address and the password, shows the server's message and the address waiting", async () => {
    let sent: unknown;
    let pending: string | null = null;
    // The screen's other answers; this test's own (below) come first.
    server.use(...Object.values(accountHandlers()));
    server.use(
      http.get('*/api/v1/account/', () => HttpResponse.json(account({ pending_email: pending }))),
      http.post('*/api/v1/account/email/', async ({ request }) => {
        sent = await request.json();
        pending = 'new@acme.test';
        return HttpResponse.json({ message: ACCOUNT_MESSAGES.emailChangeSent });
      }),
    );
    const { user } = renderApp('/account', { user: storedUser({ store: store() }) });
    const email = within(await screen.findByRole('region', { name: 'Sign-in email' }));
    await user.type(await email.findByLabelText('New email'), ' new@acme.test ');
    await user.type(email.getByLabelText('Current password'), 'secret1');
    await user.click(email.getByRole('button', { name: 'Change email' }));
    expect(await email.findByText(ACCOUNT_MESSAGES.emailChangeSent)).toBeVisible();
    expect(sent).toEqual({ new_email: 'new@acme.test', password: 'secret1' });
    expect(await email.findByText('Waiting for confirmation: new@acme.test')).toBeVisible();
    expect(email.getByLabelText('New email')).toHaveValue('');
  });

  it("shows the server's field error under the email form's field, and a bad address before any call", async () => {
    let calls = 0;
    // The screen's other answers; this test's own (below) come first.
    server.use(...Object.values(accountHandlers()));
    server.use(
      http.post('*/api/v1/account/email/', () => {
        calls += 1;
        return HttpResponse.json(
          { password: [ACCOUNT_MESSAGES.currentPasswordWrong] },
          { status: 400 },
        );
      }),
    );
    const { user } = renderApp('/account', { user: storedUser({ store: store() }) });
    const email = within(await screen.findByRole('region', { name: 'Sign-in email' }));
    await user.type(await email.findByLabelText('New email'), 'not-an-email');
    await user.click(email.getByRole('button', { name: 'Change email' }));
    expect(await email.findByText(MESSAGES.invalidEmail)).toBeVisible();
    expect(email.getByText(MESSAGES.required)).toBeVisible();
    expect(calls).toBe(0);
    await user.clear(email.getByLabelText('New email'));
    await user.type(email.getByLabelText('New email'), 'new@acme.test');
    await user.type(email.getByLabelText('Current password'), 'wrong-one');
    await user.click(email.getByRole('button', { name: 'Change email' }));
    expect(await email.findByText(ACCOUNT_MESSAGES.currentPasswordWrong)).toBeVisible();
    expect(email.getByLabelText('Current password')).toHaveAccessibleDescription(
      ACCOUNT_MESSAGES.currentPasswordWrong,
    );
    expect(calls).toBe(1);
  });
});

describe('/account password', () => {
  it("checks the length and the match in the spec's words before any call", async () => {
    let calls = 0;
    server.use(
      http.post(
        '*/api/v1/account/password/',
        () => ((calls += 1), HttpResponse.json({ message: 'x' })),
      ),
    );
    const { user } = openAccount();
    const password = within(await screen.findByRole('region', { name: 'Password' }));
    await user.type(password.getByLabelText('Current password'), 'secret1');
    await user.type(password.getByLabelText('New password'), '12345');
    await user.type(password.getByLabelText('Confirm new password'), '123456');
    await user.click(password.getByRole('button', { name: 'Change password' }));
    expect(await password.findByText(MESSAGES.passwordTooShort)).toBeVisible();
    expect(password.getByText(MESSAGES.passwordsDontMatch)).toBeVisible();
    expect(calls).toBe(0);
  });

  it("shows a wrong current password under that field, then the server's message once it is right", async () => {
    const sent: unknown[] = [];
    // The screen's other answers; this test's own (below) come first.
    server.use(...Object.values(accountHandlers()));
    server.use(
      http.post('*/api/v1/account/password/', async ({ request }) => {
        const body = (await request.json()) as { current_password: string };
        sent.push(body);
        return body.current_password === 'secret1'
          ? HttpResponse.json({ message: ACCOUNT_MESSAGES.passwordUpdated })
          : HttpResponse.json(
              { current_password: [ACCOUNT_MESSAGES.currentPasswordWrong] },
              { status: 400 },
            );
      }),
    );
    const { user } = renderApp('/account', { user: storedUser({ store: store() }) });
    const password = within(await screen.findByRole('region', { name: 'Password' }));
    await user.type(password.getByLabelText('Current password'), 'not-mine');
    await user.type(password.getByLabelText('New password'), 'new-secret-1');
    await user.type(password.getByLabelText('Confirm new password'), 'new-secret-1');
    await user.click(password.getByRole('button', { name: 'Change password' }));
    expect(await password.findByText(ACCOUNT_MESSAGES.currentPasswordWrong)).toBeVisible();
    expect(password.getByLabelText('Current password')).toHaveAccessibleDescription(
      ACCOUNT_MESSAGES.currentPasswordWrong,
    );
    expect(screen.queryByText(ACCOUNT_MESSAGES.passwordUpdated)).toBeNull();
    await user.clear(password.getByLabelText('Current password'));
    await user.type(password.getByLabelText('Current password'), 'secret1');
    await user.click(password.getByRole('button', { name: 'Change password' }));
    expect(await password.findByText(ACCOUNT_MESSAGES.passwordUpdated)).toBeVisible();
    expect(sent.at(-1)).toEqual({
      current_password: 'secret1',
      new_password: 'new-secret-1',
      confirm_password: 'new-secret-1',
    });
    expect(password.getByLabelText('New password')).toHaveValue('');
  });
});

describe('/account devices', () => {
  it('signs one other device out, and then every other one', async () => {
    let devices = [
      ...DEVICES,
      {
        ...DEVICES[1],
        id: 'tablet',
        browser: 'Firefox 140',
        os: 'Windows 11',
      } as (typeof DEVICES)[number],
    ];
    const ended: string[] = [];
    // The screen's other answers; this test's own (below) come first.
    server.use(...Object.values(accountHandlers()));
    server.use(
      http.get('*/api/v1/account/sessions/', () => HttpResponse.json(devices)),
      http.delete('*/api/v1/account/sessions/:id/', ({ params }) => {
        ended.push(String(params['id']));
        devices = devices.filter((item) => item.id !== params['id']);
        return HttpResponse.json({ message: ACCOUNT_MESSAGES.sessionEnded });
      }),
      http.post('*/api/v1/account/sessions/sign-out-others/', () => {
        const count = devices.length - 1;
        devices = devices.filter((item) => item.current);
        return HttpResponse.json({
          message: ACCOUNT_MESSAGES.otherSessionsEnded,
          signed_out: count,
        });
      }),
    );
    const { user } = renderApp('/account', { user: storedUser({ store: store() }) });
    const devicesSection = within(await screen.findByRole('region', { name: 'Signed-in devices' }));
    expect(await devicesSection.findAllByRole('listitem')).toHaveLength(3);
    const phone = devicesSection.getByText('Safari 18 on iOS 18').closest('li') as HTMLElement;
    await user.click(within(phone).getByRole('button', { name: 'Sign out' }));
    expect(await devicesSection.findByText(ACCOUNT_MESSAGES.sessionEnded)).toBeVisible();
    await waitFor(() => expect(devicesSection.getAllByRole('listitem')).toHaveLength(2));
    expect(ended).toEqual(['phone']);
    expect(devicesSection.queryByText('Safari 18 on iOS 18')).toBeNull();
    await user.click(devicesSection.getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await devicesSection.findByText(ACCOUNT_MESSAGES.otherSessionsEnded)).toBeVisible();
    await waitFor(() => expect(devicesSection.getAllByRole('listitem')).toHaveLength(1));
    expect(devicesSection.getByText('This device')).toBeVisible();
    expect(devicesSection.queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull();
  });
});
