import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSession } from '../session';
import { expectErrorBannerToHideAfter10Seconds } from '../../../testing/auto-hide';
import {
  queueOf,
  renderConsole,
  reviewStore,
  STAFF,
  storeDetails,
} from '../../../testing/render-console';
import { server } from '../../../testing/server';

const later = new Date(Date.now() + 15 * 60_000).toISOString();
/** The login answer: the refresh token went into the staff HttpOnly cookie, not the body. */
const tokens = { token: 'access-1', expiration: later, refresh_expiration: later };

afterEach(() => vi.useRealTimers());

describe('staff sign in', () => {
  it('signs in as staff, keeps the access token of a staff account in this tab and opens the queue', async () => {
    const audience = vi.fn();
    server.use(
      http.post('*/api/v1/auth/email-login/', ({ request }) => {
        audience(request.headers.get('x-session-audience'));
        return HttpResponse.json(tokens);
      }),
      http.get('*/api/v1/review/stores/', () => HttpResponse.json(queueOf(reviewStore()))),
      storeDetails(reviewStore()),
    );
    const { user } = renderConsole();
    await user.type(screen.getByLabelText(/^Email/), STAFF.email);
    await user.type(screen.getByLabelText(/^Password/), 'staff1234');
    await user.click(screen.getByRole('button', { name: 'SIGN IN' }));
    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeVisible();
    expect(readSession()).toEqual(STAFF);
    expect(audience).toHaveBeenCalledWith('staff');
  });

  it("shows the server's message for a wrong password for 10 seconds, and again for the next wrong try", async () => {
    server.use(
      http.post('*/api/v1/auth/email-login/', () =>
        HttpResponse.json({ message: 'Invalid Email/Password combination' }, { status: 401 }),
      ),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderConsole();
    await user.type(screen.getByLabelText(/^Email/), STAFF.email);
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'SIGN IN' }));
    await expectErrorBannerToHideAfter10Seconds('Invalid Email/Password combination');
    expect(readSession()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'SIGN IN' }));
    await expectErrorBannerToHideAfter10Seconds('Invalid Email/Password combination');
  });

  it('refuses a merchant account and revokes the session its login made', async () => {
    const revoked = vi.fn();
    server.use(
      http.post('*/api/v1/auth/email-login/', () => HttpResponse.json(tokens)),
      http.get('*/api/v1/review/stores/', () =>
        HttpResponse.json(
          { message: 'You do not have permission to perform this action.' },
          { status: 403 },
        ),
      ),
      http.post('*/api/v1/auth/logout/', async ({ request }) => {
        revoked(await request.text());
        return HttpResponse.json({ success: true });
      }),
    );
    const { user } = renderConsole();
    await user.type(screen.getByLabelText(/^Email/), 'demo@vouchernest.co.uk');
    await user.type(screen.getByLabelText(/^Password/), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'SIGN IN' }));
    expect(await screen.findByText('This account is not a staff account.')).toBeVisible();
    expect(readSession()).toBeNull();
    // The staff refresh cookie goes with the call; the body carries no token.
    await waitFor(() => expect(revoked).toHaveBeenCalledWith(''));
  });
});
