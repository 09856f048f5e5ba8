import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { authApi } from './endpoints/auth';
import { signedOut } from './session-events';
import {
  readCookie,
  readStoredUser,
  saveTokens,
  USER_STORAGE_KEY,
  writeStoredUser,
} from './session-storage';
import { sampleApi } from './testing/sample-endpoints';
import { makeTestStore } from './testing/test-store';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const later = new Date(Date.now() + 3600_000).toISOString();
const me = {
  id: 1,
  email: 'a@b.co',
  email_verified: true,
  first_name: 'N/A',
  last_name: 'N/A',
  client: 7,
  is_staff: false,
  store: null,
  coupon_center_txn: null,
};

/** What a sign-in leaves page scripts: the access token; the refresh token is an HttpOnly cookie they cannot see. */
function signIn(token: string) {
  saveTokens({ token, expiration: later });
  writeStoredUser({ token, expiration: later, store: null, coupon_center_txn: null });
}

beforeEach(() => {
  localStorage.clear();
  for (const name of ['cc_token', 'cc_refresh'])
    document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
});

describe('auth-aware base query', () => {
  it('sends the bearer token and the fixed site headers', async () => {
    signIn('access-1');
    const seen = vi.fn();
    server.use(
      http.get('*/api/v1/auth/me/', ({ request }) => {
        seen(Object.fromEntries(request.headers));
        return HttpResponse.json(me);
      }),
    );
    const store = makeTestStore(10);
    await store.dispatch(authApi.endpoints.me.initiate());
    expect(seen).toHaveBeenCalledWith(
      expect.objectContaining({
        authorization: 'Bearer access-1',
        'x-site-key': '10',
        'x-coupon-center': '1',
      }),
    );
  });

  it('falls back to the stored user token when the cookie is gone', async () => {
    writeStoredUser({ token: 'stored-1', expiration: later, store: null, coupon_center_txn: null });
    let auth = '';
    server.use(
      http.get('*/api/v1/auth/me/', ({ request }) => {
        auth = request.headers.get('authorization') ?? '';
        return HttpResponse.json(me);
      }),
    );
    await makeTestStore().dispatch(authApi.endpoints.me.initiate());
    expect(auth).toBe('Bearer stored-1');
  });

  it('refreshes once on concurrent 401s through the cookie path, with no token in the body, and retries with the new token', async () => {
    signIn('old');
    const refreshCalls = vi.fn();
    server.use(
      http.post('*/api/v1/auth/token/refresh/', async ({ request }) => {
        refreshCalls({
          path: new URL(request.url).pathname,
          body: await request.text(),
          credentials: request.credentials,
        });
        await new Promise((resolve) => setTimeout(resolve, 20));
        return HttpResponse.json({ token: 'new', expiration: later, refresh_expiration: later });
      }),
      http.get('*/api/v1/auth/me/', ({ request }) =>
        request.headers.get('authorization') === 'Bearer new'
          ? HttpResponse.json(me)
          : HttpResponse.json(
              { message: 'Given token not valid for any token type' },
              { status: 401 },
            ),
      ),
      http.get('*/api/v1/coupon-center-transactions/', ({ request }) =>
        request.headers.get('authorization') === 'Bearer new'
          ? HttpResponse.json({ count: 0, next: null, previous: null, results: [] })
          : HttpResponse.json({ message: 'expired' }, { status: 401 }),
      ),
    );
    const store = makeTestStore();
    const [a, b] = await Promise.all([
      store.dispatch(authApi.endpoints.me.initiate()),
      store.dispatch(sampleApi.endpoints.getTransactions.initiate()),
    ]);
    expect(a.data?.email).toBe('a@b.co');
    expect(b.data?.count).toBe(0);
    expect(refreshCalls).toHaveBeenCalledTimes(1);
    expect(refreshCalls).toHaveBeenCalledWith({
      path: '/api/v1/auth/token/refresh/',
      body: '',
      credentials: 'same-origin',
    });
    expect(readCookie('cc_token')).toBe('new');
    expect(readStoredUser()?.token).toBe('new');
  });

  it('signs out when the refresh fails', async () => {
    signIn('old');
    server.use(
      http.post('*/api/v1/auth/token/refresh/', () =>
        HttpResponse.json({ message: 'no' }, { status: 401 }),
      ),
      http.get('*/api/v1/auth/me/', () =>
        HttpResponse.json({ message: 'expired' }, { status: 401 }),
      ),
    );
    const dispatched: string[] = [];
    const store = makeTestStore(7, dispatched);
    const result = await store.dispatch(authApi.endpoints.me.initiate());
    expect(result.error).toMatchObject({ status: 401 });
    expect(readStoredUser()).toBeNull();
    expect(readCookie('cc_token')).toBeNull();
    expect(dispatched).toContain(signedOut.type);
  });

  it('does not refresh on a login 401: the answer is the message', async () => {
    const refresh = vi.fn();
    server.use(
      http.post('*/api/v1/auth/token/refresh/', () => {
        refresh();
        return HttpResponse.json({}, { status: 500 });
      }),
      http.post('*/api/v1/auth/email-login/', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        expect(body).toEqual({
          email: 'x@y.z',
          password: 'p',
          siteId: 8,
          accepts_second_factor: true,
        });
        return HttpResponse.json(
          { message: 'Invalid Email/Password combination' },
          { status: 401 },
        );
      }),
    );
    signIn('stale');
    const result = await makeTestStore().dispatch(
      authApi.endpoints.login.initiate({ email: 'x@y.z', password: 'p' }),
    );
    expect(result.error).toMatchObject({ status: 401 });
    expect(refresh).not.toHaveBeenCalled();
  });

  it('logs out at the cookie path with no body; its 401 is an answer, not a reason to refresh', async () => {
    signIn('access-1');
    const calls: string[] = [];
    server.use(
      http.post('*/api/v1/auth/token/refresh/', () => {
        calls.push('refresh');
        return HttpResponse.json({}, { status: 500 });
      }),
      http.post('*/api/v1/auth/logout/', async ({ request }) => {
        calls.push(`${new URL(request.url).pathname} ${await request.text()}`);
        return HttpResponse.json(
          { message: 'Given token not valid for any token type' },
          { status: 401 },
        );
      }),
    );
    const result = await makeTestStore().dispatch(authApi.endpoints.logout.initiate());
    expect(result.error).toMatchObject({ status: 401 });
    expect(calls).toEqual(['/api/v1/auth/logout/ ']);
  });
});

describe('session storage', () => {
  it('keeps no refresh token where page scripts can read it, and drops one left from before', () => {
    document.cookie = 'cc_refresh=old-refresh; path=/';
    localStorage.setItem(
      USER_STORAGE_KEY,
      JSON.stringify({
        token: 'a',
        refresh: 'old-refresh',
        expiration: later,
        store: null,
        coupon_center_txn: null,
      }),
    );
    expect(readStoredUser()).toEqual({
      token: 'a',
      expiration: later,
      store: null,
      coupon_center_txn: null,
    });

    saveTokens({ token: 'access-2', expiration: later });
    expect(document.cookie).toBe('cc_token=access-2');
  });
});
