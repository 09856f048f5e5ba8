import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { readSession } from '../features/auth/session';
import {
  queueOf,
  renderConsole,
  reviewStore,
  STAFF,
  storeDetails,
} from '../testing/render-console';
import { server } from '../testing/server';

const later = new Date(Date.now() + 15 * 60_000).toISOString();
const expired = () =>
  HttpResponse.json({ message: 'Given token not valid for any token type' }, { status: 401 });

/** A refresh or logout call as the console makes it: the path, the staff audience header, the body. */
async function callOf(request: Request) {
  return {
    path: new URL(request.url).pathname,
    audience: request.headers.get('x-session-audience'),
    body: await request.text(),
  };
}

/** The queue answers only the given access token; any other gets the expired-token 401. */
function queueFor(token: string) {
  return [
    http.get('*/api/v1/review/stores/', ({ request }) =>
      request.headers.get('authorization') === `Bearer ${token}`
        ? HttpResponse.json(queueOf(reviewStore()))
        : expired(),
    ),
    storeDetails(reviewStore()),
  ];
}

describe('staff session', () => {
  it('refreshes an expired access token once through the staff refresh cookie and retries, so staff stay signed in', async () => {
    const refreshed = vi.fn();
    server.use(
      ...queueFor('access-2'),
      http.post('*/api/v1/auth/token/refresh/', async ({ request }) => {
        refreshed(await callOf(request));
        return HttpResponse.json({
          token: 'access-2',
          expiration: later,
          refresh_expiration: later,
        });
      }),
    );
    renderConsole({ session: STAFF });
    expect(await screen.findByRole('heading', { level: 2, name: 'Acme Outdoors' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeVisible();
    expect(refreshed).toHaveBeenCalledTimes(1);
    // No token in the body: the rotating refresh token is the HttpOnly cookie of this path.
    expect(refreshed).toHaveBeenCalledWith({
      path: '/api/v1/auth/token/refresh/',
      audience: 'staff',
      body: '',
    });
    expect(readSession()).toEqual({ ...STAFF, token: 'access-2' });
  });

  it('signs out when the refresh fails', async () => {
    server.use(
      ...queueFor('never'),
      http.post('*/api/v1/auth/token/refresh/', () =>
        HttpResponse.json({ message: 'Token is invalid or expired' }, { status: 401 }),
      ),
    );
    renderConsole({ session: STAFF });
    expect(await screen.findByRole('heading', { name: 'Staff sign in' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
    expect(readSession()).toBeNull();
  });

  it('signs out when the retried call is refused again', async () => {
    server.use(
      ...queueFor('never'),
      http.post('*/api/v1/auth/token/refresh/', () =>
        HttpResponse.json({ token: 'access-2', expiration: later, refresh_expiration: later }),
      ),
    );
    renderConsole({ session: STAFF });
    expect(await screen.findByRole('heading', { name: 'Staff sign in' })).toBeVisible();
    expect(readSession()).toBeNull();
  });

  it('sign-out ends the session and has the server revoke it through the staff refresh cookie', async () => {
    const revoked = vi.fn();
    server.use(
      ...queueFor('access-1'),
      http.post('*/api/v1/auth/logout/', async ({ request }) => {
        revoked(await callOf(request));
        return HttpResponse.json({ success: true });
      }),
    );
    const { user } = renderConsole({ session: STAFF });
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(screen.getByRole('heading', { name: 'Staff sign in' })).toBeVisible();
    expect(readSession()).toBeNull();
    await waitFor(() =>
      expect(revoked).toHaveBeenCalledWith({
        path: '/api/v1/auth/logout/',
        audience: 'staff',
        body: '',
      }),
    );
  });
});
