import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE_PATH } from './constants';
import { EARLY_REQUESTS } from './early-requests';
import type { EarlyRequest } from './early-requests';
import { authApi } from './endpoints/auth';
import { saveTokens, writeStoredUser } from './session-storage';
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
const ME_URL = `${location.origin}${API_BASE_PATH}/auth/me/`;
/** The headers the API layer sends with a GET of the merchant signed in with `token` on client 7. */
const headersOf = (token: string) => ({
  accept: 'application/json',
  authorization: `Bearer ${token}`,
  'x-coupon-center': '1',
  'x-site-key': '7',
});

const page = globalThis as { [EARLY_REQUESTS]?: Map<string, EarlyRequest> };

/** What the route hints leave: `url` sent early with `headers`, answered with `response`. */
function sentEarly(
  url: string,
  response: Promise<Response>,
  headers: Record<string, string> = headersOf('access-1'),
) {
  page[EARLY_REQUESTS] ??= new Map();
  page[EARLY_REQUESTS].set(url, { headers: JSON.stringify(headers), response });
}

const earlyMe = (email: string, status = 200) =>
  Promise.resolve(Response.json({ ...me, email }, { status }));

/** The server's /auth/me/: answers `me` to the token `valid`, 401 to any other, and counts the calls. */
function serverMe(valid = 'access-1') {
  const calls = vi.fn();
  server.use(
    http.get('*/api/v1/auth/me/', ({ request }) => {
      calls(request.headers.get('authorization'));
      return request.headers.get('authorization') === `Bearer ${valid}`
        ? HttpResponse.json({ ...me, email: 'server@b.co' })
        : HttpResponse.json(
            { message: 'Given token not valid for any token type' },
            { status: 401 },
          );
    }),
  );
  return calls;
}

beforeEach(() => {
  localStorage.clear();
  delete page[EARLY_REQUESTS];
  saveTokens({ token: 'access-1', expiration: later });
  writeStoredUser({ token: 'access-1', expiration: later, store: null, coupon_center_txn: null });
});

describe("the route hints' early requests", () => {
  it('a call the route hints sent with the same URL and headers takes their answer instead of going out again', async () => {
    const calls = serverMe();
    sentEarly(ME_URL, earlyMe('early@b.co'));
    const result = await makeTestStore().dispatch(authApi.endpoints.me.initiate());
    expect(result.data?.email).toBe('early@b.co');
    expect(calls).not.toHaveBeenCalled();
  });

  it('an early answer is used once: the next call of that URL goes out', async () => {
    const calls = serverMe();
    sentEarly(ME_URL, earlyMe('early@b.co'));
    const store = makeTestStore();
    await store.dispatch(authApi.endpoints.me.initiate());
    const again = await store.dispatch(
      authApi.endpoints.me.initiate(undefined, { forceRefetch: true }),
    );
    expect(again.data?.email).toBe('server@b.co');
    expect(calls).toHaveBeenCalledTimes(1);
  });

  it('is not used for another token: the call goes out with the current one', async () => {
    const calls = serverMe('access-2');
    saveTokens({ token: 'access-2', expiration: later });
    sentEarly(ME_URL, earlyMe('early@b.co'));
    const result = await makeTestStore().dispatch(authApi.endpoints.me.initiate());
    expect(result.data?.email).toBe('server@b.co');
    expect(calls).toHaveBeenCalledWith('Bearer access-2');
    expect(page[EARLY_REQUESTS]?.has(ME_URL)).toBe(false);
  });

  it('is not used when any header differs or one is missing', async () => {
    const calls = serverMe();
    const { 'x-coupon-center': _dropped, ...fewer } = headersOf('access-1');
    sentEarly(ME_URL, earlyMe('early@b.co'), fewer);
    const result = await makeTestStore().dispatch(authApi.endpoints.me.initiate());
    expect(result.data?.email).toBe('server@b.co');
    expect(calls).toHaveBeenCalledTimes(1);
    expect(page[EARLY_REQUESTS]?.has(ME_URL)).toBe(false);
  });

  it('is not used for another URL', async () => {
    const calls = serverMe();
    sentEarly(`${ME_URL}?other=1`, earlyMe('early@b.co'));
    const result = await makeTestStore().dispatch(authApi.endpoints.me.initiate());
    expect(result.data?.email).toBe('server@b.co');
    expect(calls).toHaveBeenCalledTimes(1);
  });

  it('an early 401 is dropped: the call goes out and refreshes the token as usual', async () => {
    const calls = serverMe('access-2');
    const refreshed = vi.fn();
    server.use(
      http.post('*/api/v1/auth/token/refresh/', () => {
        refreshed();
        return HttpResponse.json({
          token: 'access-2',
          expiration: later,
          refresh_expiration: later,
        });
      }),
    );
    sentEarly(ME_URL, earlyMe('early@b.co', 401));
    const result = await makeTestStore().dispatch(authApi.endpoints.me.initiate());
    expect(result.data?.email).toBe('server@b.co');
    expect(refreshed).toHaveBeenCalledTimes(1);
    expect(calls.mock.calls).toEqual([['Bearer access-1'], ['Bearer access-2']]);
    expect(page[EARLY_REQUESTS]?.has(ME_URL)).toBe(false);
  });

  it('an early server error or network failure is dropped: the call goes out', async () => {
    const calls = serverMe();
    sentEarly(ME_URL, earlyMe('early@b.co', 500));
    const store = makeTestStore();
    expect((await store.dispatch(authApi.endpoints.me.initiate())).data?.email).toBe('server@b.co');
    sentEarly(ME_URL, Promise.reject(new TypeError('Failed to fetch')));
    const again = await store.dispatch(
      authApi.endpoints.me.initiate(undefined, { forceRefetch: true }),
    );
    expect(again.data?.email).toBe('server@b.co');
    expect(calls).toHaveBeenCalledTimes(2);
    expect(page[EARLY_REQUESTS]?.has(ME_URL)).toBe(false);
  });

  it('a call that writes drops the early answers, which could be older than the change', async () => {
    const calls = serverMe();
    server.use(http.delete('*/api/v1/coupons/3/', () => new HttpResponse(null, { status: 204 })));
    sentEarly(ME_URL, earlyMe('early@b.co'));
    const store = makeTestStore();
    await store.dispatch(sampleApi.endpoints.deleteCoupon.initiate({ couponId: 3 }));
    expect(page[EARLY_REQUESTS]?.size).toBe(0);
    const result = await store.dispatch(authApi.endpoints.me.initiate());
    expect(result.data?.email).toBe('server@b.co');
    expect(calls).toHaveBeenCalledTimes(1);
  });

  it('once the API layer has sent a call, route hints that run later find it there and send nothing', async () => {
    serverMe();
    expect(page[EARLY_REQUESTS]).toBeUndefined();
    await makeTestStore().dispatch(authApi.endpoints.me.initiate());
    expect(page[EARLY_REQUESTS]).toBeInstanceOf(Map);
  });
});
