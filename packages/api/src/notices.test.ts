import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { NOTIFICATION_AUTO_HIDE_MS } from '@cc/config';
import { authApi } from './endpoints/auth';
import {
  noticeAdded,
  noticeDisplayed,
  selectErrors,
  selectNoticeOfRequest,
  selectNotifications,
} from './notices';
import { toNoticeItem } from './errors';
import { sampleApi } from './testing/sample-endpoints';
import { makeTestStore } from './testing/test-store';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());

describe('error and notification lists', () => {
  it('hides an item after 10 seconds', async () => {
    server.use(
      http.get('*/api/v1/coupons', () =>
        HttpResponse.json({ message: 'Service down' }, { status: 503 }),
      ),
    );
    const store = makeTestStore();
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    await store.dispatch(sampleApi.endpoints.getCoupons.initiate({ storeSlug: 's', client: 7 }));
    expect(selectErrors(store.getState())).toHaveLength(1);
    expect(selectErrors(store.getState())[0]?.statusText).toBe('Service Unavailable');
    vi.advanceTimersByTime(NOTIFICATION_AUTO_HIDE_MS - 1);
    expect(selectErrors(store.getState())).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(selectErrors(store.getState())).toHaveLength(0);
  });

  it('hides an item added by a screen after 10 seconds, and keeps a timeless one, marked displayed', () => {
    const store = makeTestStore();
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const timeless = toNoticeItem({ status: 404, data: null }, { timeless: true });
    store.dispatch(noticeAdded(toNoticeItem({ status: 400, data: { message: 'Check the form' } })));
    store.dispatch(noticeAdded(timeless));
    store.dispatch(noticeDisplayed(timeless.id));
    expect(selectNotifications(store.getState())).toMatchObject([{ message: 'Check the form' }]);
    vi.advanceTimersByTime(NOTIFICATION_AUTO_HIDE_MS);
    expect(selectNotifications(store.getState())).toEqual([]);
    expect(selectErrors(store.getState())).toMatchObject([
      { id: timeless.id, displayed: true, timeless: true },
    ]);
  });

  it("finds a failed call's item by the call's request id until it hides", async () => {
    server.use(
      http.post('*/api/v1/coupons/', () =>
        HttpResponse.json({ message: 'Coupons are resting' }, { status: 500 }),
      ),
    );
    const store = makeTestStore();
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const call = store.dispatch(
      sampleApi.endpoints.createCoupon.initiate({
        offer_type: 'other',
        description: 'Deal',
        store: 3,
      }),
    );
    await call;
    expect(selectNoticeOfRequest(store.getState(), call.requestId)).toMatchObject({
      message: 'Coupons are resting',
      displayed: true,
    });
    vi.advanceTimersByTime(NOTIFICATION_AUTO_HIDE_MS);
    expect(selectNoticeOfRequest(store.getState(), call.requestId)).toBeUndefined();
  });

  it("keeps a login's 401 as the item its form shows, since no session ends; a session call's 401 adds none", async () => {
    server.use(
      http.post('*/api/v1/auth/email-login/', () =>
        HttpResponse.json({ message: 'Wrong password' }, { status: 401 }),
      ),
      http.get('*/api/v1/coupons', () =>
        HttpResponse.json({ message: 'Token expired' }, { status: 401 }),
      ),
    );
    const store = makeTestStore();
    const login = store.dispatch(
      authApi.endpoints.login.initiate({ email: 'a@b.co', password: 'nope' }),
    );
    await login;
    await store.dispatch(sampleApi.endpoints.getCoupons.initiate({ storeSlug: 's', client: 7 }));
    expect(selectNoticeOfRequest(store.getState(), login.requestId)).toMatchObject({
      status: 401,
      displayed: true,
    });
    expect(selectErrors(store.getState())).toHaveLength(1);
  });

  it('swallows failures loading plans and transactions', async () => {
    server.use(
      http.get('*/api/v1/coupon-center-plans/', () => HttpResponse.json({}, { status: 500 })),
      http.get('*/api/v1/coupon-center-transactions/', () =>
        HttpResponse.json({}, { status: 500 }),
      ),
    );
    const store = makeTestStore();
    await store.dispatch(sampleApi.endpoints.getPlan.initiate({ client: 7 }));
    await store.dispatch(sampleApi.endpoints.getTransactions.initiate());
    expect(selectErrors(store.getState())).toEqual([]);
  });
});
