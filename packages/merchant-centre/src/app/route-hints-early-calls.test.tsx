import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_REQUESTS, saveTokens, writeStoredUser } from '@cc/api';
import type { EarlyRequest, StoredUser } from '@cc/api';
import { UK_CLIENT } from '@cc/config';
import routeRequests from '../../route-requests.json' with { type: 'json' };
import { routeHintsScript } from '../../build/bundle-report.mjs';
import { ROUTES } from '../lib/route-table';
import { emptyInsights } from '../testing/sample-insights';
import { me, store, storedUser } from '../testing/fixtures';
import { couponsAnswer, insightsAnswer, meAnswer } from '../testing/api-handlers';
import { wireCoupon } from '../testing/merchant-fixtures';
import { accountHandlers } from '../testing/story-account';
import { renderApp } from '../testing/render-app';
import { server } from '../testing/server';

// Screens are lazy chunks: the first render of a file compiles them, and the runner may be busy.
vi.setConfig({ testTimeout: 20_000 });

/** URLPattern as the route hints use it (pathname patterns with named parts); jsdom has none. */
class PathPattern {
  private readonly pattern: RegExp;
  constructor({ pathname }: { pathname: string }) {
    this.pattern = new RegExp(`^${pathname.replace(/:(\w+)/g, '(?<$1>[^/]+)')}$`);
  }
  exec({ pathname }: { pathname: string }) {
    const match = this.pattern.exec(pathname);
    return match ? { pathname: { groups: { ...match.groups } } } : null;
  }
}

const page = globalThis as { [EARLY_REQUESTS]?: Map<string, EarlyRequest> };
const merchant = () => storedUser({ store: store() });

/** app.html's route hints at `path`, as the brand build writes them for every screen but / (without chunks to preload). */
function runRouteHints(path: string, client = UK_CLIENT.clientId) {
  window.history.replaceState(null, '', path);
  const element = document.createElement('script');
  element.setAttribute('data-client', String(client));
  const routes = ROUTES.map((route) => route.path).filter((route) => route !== '/');
  const script = routeHintsScript(routes.map((route) => [route, [], true]));
  vi.spyOn(document, 'currentScript', 'get').mockReturnValue(element);
  // The build writes this code into a file of app.html's; here it runs as that file would.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  (new Function(script) as () => void)();
}

/** Every API call the test's server sees, as "METHOD url". */
function watchCalls() {
  const calls: string[] = [];
  server.events.on('request:start', ({ request }) =>
    calls.push(`${request.method} ${request.url}`),
  );
  return calls;
}

const timesAsked = (calls: string[], path: string) =>
  calls.filter((call) => call === `GET ${location.origin}/api/v1/${path}`).length;

beforeEach(() => {
  vi.stubGlobal('URLPattern', PathPattern);
  delete page[EARLY_REQUESTS];
  server.use(
    meAnswer(me({ store: store() })),
    couponsAnswer([wireCoupon(1), wireCoupon(2)]),
    insightsAnswer(() => emptyInsights()),
    ...Object.values(accountHandlers()),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  server.events.removeAllListeners();
  window.history.replaceState(null, '', '/');
});

describe("a merchant screen's first calls sent with the document", () => {
  it("on /coupons /auth/me/ and the store's coupon list go out once, from the route hints, and the list shows", async () => {
    writeStoredUser(merchant());
    const calls = watchCalls();
    runRouteHints('/coupons');
    expect(calls).toEqual([
      `GET ${location.origin}/api/v1/auth/me/`,
      `GET ${location.origin}/api/v1/coupons?store_slug=acme-voucher-codes&client=7&include_scheduled=1`,
    ]);
    renderApp('/coupons', { user: merchant() });
    expect(await screen.findByText('Coupon number 2')).toBeVisible();
    expect(page[EARLY_REQUESTS]?.size).toBe(0);
    expect(timesAsked(calls, 'auth/me/')).toBe(1);
    expect(
      timesAsked(calls, 'coupons?store_slug=acme-voucher-codes&client=7&include_scheduled=1'),
    ).toBe(1);
  });

  // Every screen of route-requests.json: the app takes each early call (same URL and headers), none twice.
  it.each([
    ['/my-store', '/my-store'],
    ['/my-store/preview', '/my-store/preview'],
    ['/coupons/add', '/coupons/add'],
    ['/coupons/:couponId', '/coupons/2'],
    ['/insights', '/insights'],
    ['/payment', '/payment'],
    ['/account', '/account'],
  ])('on %s (%s) the app asks none of them again', async (route, path) => {
    expect(Object.keys(routeRequests)).toContain(route);
    writeStoredUser(merchant());
    const calls = watchCalls();
    runRouteHints(path);
    const sent = [...(page[EARLY_REQUESTS]?.keys() ?? [])];
    expect(sent).toHaveLength(routeRequests[route as keyof typeof routeRequests].length);
    renderApp(path, { user: merchant() });
    await waitFor(() => expect(page[EARLY_REQUESTS]?.size).toBe(0));
    for (const url of sent) expect(calls.filter((call) => call === `GET ${url}`)).toHaveLength(1);
  });

  it('sends nothing without a stored user, and the screen goes to /login as before', async () => {
    saveTokens({ token: 'access-1', expiration: new Date(Date.now() + 3600_000).toISOString() });
    const calls = watchCalls();
    runRouteHints('/coupons');
    expect(calls).toEqual([]);
    expect(page[EARLY_REQUESTS]).toBeUndefined();
    const { router } = renderApp('/coupons');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it("sends nothing on a stored user's expired token without the access cookie: the app's call refreshes it", () => {
    const expired: StoredUser = {
      ...merchant(),
      expiration: new Date(Date.now() - 60_000).toISOString(),
    };
    writeStoredUser(expired);
    const calls = watchCalls();
    runRouteHints('/coupons');
    expect(calls).toEqual([]);
  });

  it("sends the access cookie's token, which the app sends too, over the stored one", async () => {
    writeStoredUser(merchant());
    saveTokens({ token: 'access-2', expiration: new Date(Date.now() + 3600_000).toISOString() });
    const calls = watchCalls();
    const tokens: (string | null)[] = [];
    server.use(
      http.get('*/api/v1/auth/me/', ({ request }) => {
        tokens.push(request.headers.get('authorization'));
        return HttpResponse.json(me({ store: store() }));
      }),
    );
    runRouteHints('/my-store');
    renderApp('/my-store', { user: merchant() });
    await waitFor(() => expect(page[EARLY_REQUESTS]?.size).toBe(0));
    expect(tokens).toEqual(['Bearer access-2']);
    expect(timesAsked(calls, 'auth/me/')).toBe(1);
  });

  it('sends nothing for a visitor screen, nor once the app has started calling', () => {
    writeStoredUser(merchant());
    const calls = watchCalls();
    runRouteHints('/login');
    expect(calls).toEqual([]);
    expect(page[EARLY_REQUESTS]).toBeUndefined();
    page[EARLY_REQUESTS] = new Map();
    runRouteHints('/coupons');
    expect(calls).toEqual([]);
  });
});
