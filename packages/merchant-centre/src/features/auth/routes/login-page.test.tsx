import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readCookie, readStoredUser } from '@cc/api';
import { expectAlertToHideAfter10Seconds } from '../../../testing/auto-hide';
import { renderApp } from '../../../testing/render-app';
import { me, store, tokens } from '../../../testing/fixtures';
import { server } from '../../../testing/server';

async function fill(user: ReturnType<typeof renderApp>['user'], email: string, password: string) {
  if (email) await user.type(await screen.findByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
}

afterEach(() => vi.useRealTimers());

describe('/login', () => {
  it('has email, password, SIGN IN and links to /register and /auth/password-reminder', async () => {
    renderApp('/login');
    expect(await screen.findByRole('button', { name: 'SIGN IN' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/auth/password-reminder',
    );
    expect(
      screen
        .getAllByRole('link', { name: 'Create your coupon page' })
        .map((a) => a.getAttribute('href')),
    ).toContain('/register');
  });

  it('requires email and password, messages capitalised', async () => {
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'SIGN IN' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
  });

  it("a 401 gives 'Invalid Email/Password combination'", async () => {
    server.use(
      http.post('*/api/v1/auth/email-login/', () =>
        HttpResponse.json({ message: 'x' }, { status: 401 }),
      ),
    );
    const { user } = renderApp('/login');
    await fill(user, 'a@b.co', 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'SIGN IN' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid Email/Password combination',
    );
  });

  it("any other failure gives 'Something went wrong'", async () => {
    server.use(
      http.post('*/api/v1/auth/email-login/', () =>
        HttpResponse.json({ message: 'Server Error' }, { status: 500 }),
      ),
    );
    const { user } = renderApp('/login');
    await fill(user, 'a@b.co', 'secret1');
    await user.click(screen.getByRole('button', { name: 'SIGN IN' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
  });

  it.each([
    [401, 'Invalid Email/Password combination'],
    [500, 'Something went wrong'],
  ])('hides the message of a failed login (%i) after 10 seconds', async (status, text) => {
    server.use(
      http.post('*/api/v1/auth/email-login/', () =>
        HttpResponse.json({ message: 'x' }, { status }),
      ),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderApp('/login');
    await fill(user, 'a@b.co', 'secret1');
    await user.click(screen.getByRole('button', { name: 'SIGN IN' }));
    await expectAlertToHideAfter10Seconds(text);
  });

  it('sends site id 8, keeps the access token in a cookie and the user locally, merges /auth/me/ and opens /my-store (Enter submits)', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/v1/auth/email-login/', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(tokens('tok-9'));
      }),
      http.get('*/api/v1/auth/me/', ({ request }) =>
        request.headers.get('authorization') === 'Bearer tok-9'
          ? HttpResponse.json(me({ store: store(), coupon_center_txn: { id: 3 } }))
          : HttpResponse.json({}, { status: 401 }),
      ),
    );
    const { user, router } = renderApp('/login');
    await fill(user, 'owner@acme.test', 'secret1{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-store'));
    expect(body).toEqual({
      email: 'owner@acme.test',
      password: 'secret1',
      siteId: 8,
      accepts_second_factor: true,
    });
    expect(readCookie('cc_token')).toBe('tok-9');
    expect(document.cookie).toBe('cc_token=tok-9');
    await waitFor(() => expect(readStoredUser()?.store?.slug).toBe('acme-voucher-codes'));
    expect(readStoredUser()).toMatchObject({
      token: 'tok-9',
      email: 'owner@acme.test',
      coupon_center_txn: { id: 3 },
    });
    expect(await screen.findByRole('link', { name: 'Logout' })).toBeVisible();
  });

  describe('two-step sign-in', () => {
    const challenge = {
      second_factor: 'totp',
      challenge: 'ch-1',
      challenge_expiration: '2030-01-01T00:00:00Z',
    };
    const signedInAs = (token: string) =>
      http.get('*/api/v1/auth/me/', ({ request }) =>
        request.headers.get('authorization') === `Bearer ${token}`
          ? HttpResponse.json(me({ store: store() }))
          : HttpResponse.json({}, { status: 401 }),
      );

    it('asks for the code after the password and signs in with it', async () => {
      let sent: unknown;
      server.use(
        http.post('*/api/v1/auth/email-login/', () => HttpResponse.json(challenge)),
        http.post('*/api/v1/auth/second-factor/', async ({ request }) => {
          sent = await request.json();
          return HttpResponse.json(tokens('tok-2fa'));
        }),
        signedInAs('tok-2fa'),
      );
      const { user, router } = renderApp('/login');
      await fill(user, 'owner@acme.test', 'secret1{Enter}');
      expect(await screen.findByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
      expect(readCookie('cc_token')).toBeNull();
      await user.type(screen.getByLabelText('Code'), '123456{Enter}');
      await waitFor(() => expect(router.state.location.pathname).toBe('/my-store'));
      expect(sent).toEqual({ challenge: 'ch-1', code: '123456' });
      expect(readCookie('cc_token')).toBe('tok-2fa');
    });

    it("shows a wrong code under the field, and takes a recovery code through 'Use a recovery code'", async () => {
      const sent: unknown[] = [];
      server.use(
        http.post('*/api/v1/auth/email-login/', () => HttpResponse.json(challenge)),
        http.post('*/api/v1/auth/second-factor/', async ({ request }) => {
          const body = (await request.json()) as Record<string, string>;
          sent.push(body);
          return body.recovery_code
            ? HttpResponse.json(tokens('tok-rc'))
            : HttpResponse.json({ code: ['This code is not correct.'] }, { status: 400 });
        }),
        signedInAs('tok-rc'),
      );
      const { user, router } = renderApp('/login');
      await fill(user, 'owner@acme.test', 'secret1{Enter}');
      await user.type(await screen.findByLabelText('Code'), '000000{Enter}');
      expect(await screen.findByText('This code is not correct.')).toBeVisible();
      await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
      await user.type(screen.getByLabelText('Recovery code'), 'abcde-fghjk{Enter}');
      await waitFor(() => expect(router.state.location.pathname).toBe('/my-store'));
      expect(sent.at(-1)).toEqual({ challenge: 'ch-1', recovery_code: 'abcde-fghjk' });
    });

    it('says so when sign-in is locked after wrong codes, and goes back to the password when the challenge expired', async () => {
      const locked = 'Too many wrong codes. Sign-in is locked for 15 minutes.';
      server.use(
        http.post('*/api/v1/auth/email-login/', () => HttpResponse.json(challenge)),
        http.post('*/api/v1/auth/second-factor/', () =>
          HttpResponse.json({ message: locked }, { status: 429 }),
        ),
      );
      const { user } = renderApp('/login');
      await fill(user, 'owner@acme.test', 'secret1{Enter}');
      await user.type(await screen.findByLabelText('Code'), '111111{Enter}');
      expect(
        await within(screen.getByRole('form', { name: 'Two-step sign-in' })).findByRole('alert'),
      ).toHaveTextContent(locked);

      const expired = 'Your sign-in has expired. Sign in again.';
      server.use(
        http.post('*/api/v1/auth/second-factor/', () =>
          HttpResponse.json({ message: expired }, { status: 401 }),
        ),
      );
      await user.clear(screen.getByLabelText('Code'));
      await user.type(screen.getByLabelText('Code'), '222222{Enter}');
      expect(await screen.findByRole('button', { name: 'SIGN IN' })).toBeVisible();
      expect(
        within(screen.getByRole('form', { name: 'Log in' })).getByRole('alert'),
      ).toHaveTextContent(expired);
    });

    it('shows the lock message for a locked account at the password step too', async () => {
      const locked = 'Too many wrong codes. Sign-in is locked for 15 minutes.';
      server.use(
        http.post('*/api/v1/auth/email-login/', () =>
          HttpResponse.json({ message: locked }, { status: 429 }),
        ),
      );
      const { user } = renderApp('/login');
      await fill(user, 'owner@acme.test', 'secret1{Enter}');
      expect(
        await within(screen.getByRole('form', { name: 'Log in' })).findByRole('alert'),
      ).toHaveTextContent(locked);
    });
  });
});
