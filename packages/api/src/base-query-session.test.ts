import { configureStore } from '@reduxjs/toolkit';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api';
import type { ApiSession } from './base-query';
import { authApi } from './endpoints/auth';
import { readCookie, readStoredUser, saveTokens, writeStoredUser } from './session-storage';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const later = new Date(Date.now() + 3600_000).toISOString();
const me = {
  id: 2,
  email: 'staff@b.co',
  email_verified: true,
  first_name: 'N/A',
  last_name: 'N/A',
  client: 7,
  is_staff: true,
  store: null,
  coupon_center_txn: null,
};
const expired = () =>
  HttpResponse.json({ message: 'Given token not valid for any token type' }, { status: 401 });

/** A session of its own, as the staff console keeps one: a token in memory and an audience header. */
function ownSession(token: string) {
  const state = { token: token as string | null };
  const session = {
    accessToken: () => state.token,
    headers: { 'x-session-audience': 'staff' },
    hasSession: () => state.token !== null,
    saveTokens: vi.fn((tokens: { token: string }) => {
      state.token = tokens.token;
    }),
    signOut: vi.fn(() => {
      state.token = null;
    }),
  } satisfies ApiSession;
  return { state, session };
}

function storeWith(session: ApiSession) {
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: { clientId: 7, session } } }).concat(api.middleware),
  });
}

/** A merchant signed in on the same host: its cookie and stored user must not be touched. */
beforeEach(() => {
  localStorage.clear();
  saveTokens({ token: 'merchant-1', expiration: later });
  writeStoredUser({ token: 'merchant-1', expiration: later, store: null, coupon_center_txn: null });
});

describe('a session of its own in the store extra argument', () => {
  it("sends that session's token and headers, never the merchant's token", async () => {
    const seen = vi.fn();
    server.use(
      http.get('*/api/v1/auth/me/', ({ request }) => {
        seen(Object.fromEntries(request.headers));
        return HttpResponse.json(me);
      }),
    );
    await storeWith(ownSession('staff-1').session).dispatch(authApi.endpoints.me.initiate());
    expect(seen).toHaveBeenCalledWith(
      expect.objectContaining({
        authorization: 'Bearer staff-1',
        'x-session-audience': 'staff',
        'x-site-key': '7',
        'x-coupon-center': '1',
      }),
    );
  });

  it('refreshes once through the cookie path with its headers, keeps the new token in that session and retries', async () => {
    const refreshed = vi.fn();
    server.use(
      http.post('*/api/v1/auth/token/refresh/', async ({ request }) => {
        refreshed({
          audience: request.headers.get('x-session-audience'),
          body: await request.text(),
        });
        return HttpResponse.json({
          token: 'staff-2',
          expiration: later,
          refresh_expiration: later,
        });
      }),
      http.get('*/api/v1/auth/me/', ({ request }) =>
        request.headers.get('authorization') === 'Bearer staff-2'
          ? HttpResponse.json(me)
          : expired(),
      ),
    );
    const { state, session } = ownSession('staff-1');
    const result = await storeWith(session).dispatch(authApi.endpoints.me.initiate());
    expect(result.data?.email).toBe('staff@b.co');
    expect(refreshed).toHaveBeenCalledTimes(1);
    expect(refreshed).toHaveBeenCalledWith({ audience: 'staff', body: '' });
    expect(state.token).toBe('staff-2');
    expect(readCookie('cc_token')).toBe('merchant-1');
    expect(readStoredUser()?.token).toBe('merchant-1');
  });

  it('ends only that session when the refresh fails', async () => {
    server.use(
      http.post('*/api/v1/auth/token/refresh/', () =>
        HttpResponse.json({ message: 'Token is invalid or expired' }, { status: 401 }),
      ),
      http.get('*/api/v1/auth/me/', expired),
    );
    const { state, session } = ownSession('staff-1');
    const result = await storeWith(session).dispatch(authApi.endpoints.me.initiate());
    expect(result.error).toMatchObject({ status: 401 });
    expect(session.signOut).toHaveBeenCalledTimes(1);
    expect(state.token).toBeNull();
    expect(readStoredUser()?.token).toBe('merchant-1');
  });
});
