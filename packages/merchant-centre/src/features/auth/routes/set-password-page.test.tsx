import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectAlertToHideAfter10Seconds } from '../../../testing/auto-hide';
import { renderApp } from '../../../testing/render-app';
import { server } from '../../../testing/server';

async function submit(view: ReturnType<typeof renderApp>, password: string, confirm: string) {
  await view.user.type(await screen.findByLabelText('Password'), password);
  await view.user.type(screen.getByLabelText('Confirm password'), confirm);
  await view.user.click(screen.getByRole('button', { name: 'Submit' }));
}

afterEach(() => vi.useRealTimers());

describe('auth/set-password', () => {
  it('needs at least 6 characters and matching entries', async () => {
    const view = renderApp('/auth/set-password?token=abc');
    await submit(view, '123', '124');
    expect(await screen.findByText('Password should be at least 6 characters long')).toBeVisible();
    expect(screen.getByText("Passwords don't match")).toBeVisible();
  });

  it("a failed call gives 'Reset email has expired, please request a new one'", async () => {
    server.use(
      http.post('*/api/v1/auth/set-new-password/', () =>
        HttpResponse.json({ token: ['expired'] }, { status: 400 }),
      ),
    );
    const view = renderApp('/auth/set-password?token=old');
    await submit(view, 'secret1', 'secret1');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Reset email has expired, please request a new one',
    );
  });

  it("hides 'Reset email has expired, please request a new one' after 10 seconds", async () => {
    server.use(
      http.post('*/api/v1/auth/set-new-password/', () =>
        HttpResponse.json({ token: ['expired'] }, { status: 400 }),
      ),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const view = renderApp('/auth/set-password?token=old');
    await submit(view, 'secret1', 'secret1');
    await expectAlertToHideAfter10Seconds('Reset email has expired, please request a new one');
  });

  it('sends the token from the query string; success toasts and goes to /login', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/v1/auth/set-new-password/', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'ok' });
      }),
    );
    const view = renderApp('/auth/set-password?token=fresh-token');
    await submit(view, 'secret1', 'secret1');
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/login'));
    expect(body).toEqual({ password: 'secret1', token: 'fresh-token' });
    expect(
      await screen.findByText(
        'Your password was changed successfully, you can now login',
        undefined,
        { timeout: 5000 },
      ),
    ).toBeVisible();
  });
});
