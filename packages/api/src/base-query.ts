import { fetchBaseQuery } from '@reduxjs/toolkit/query';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { COUPON_CENTER_HEADER, SITE_KEY_HEADER } from '@cc/config';
import type { AuthTokens } from '@cc/contract';
import { API_BASE_PATH, REFRESH_PATH } from './constants';
import { signedOut, tokensRefreshed } from './session-events';
import {
  clearSession,
  readAccessToken,
  readRefreshToken,
  readStoredUser,
  saveTokens,
  writeStoredUser,
} from './session-storage';

/** Calls made without a session: their 401 is an answer, never a reason to refresh. */
const SESSIONLESS_PATHS = [REFRESH_PATH, 'auth/email-login/', 'auth/email-register/', 'auth/password-reset', 'auth/set-new-password/', 'auth/verify-email/'];

/** What the store's thunk extra argument must carry for the API. */
export type ApiExtra = { clientId: number };

function hasClientId(extra: unknown): extra is ApiExtra {
  return typeof extra === 'object' && extra !== null && 'clientId' in extra && typeof extra.clientId === 'number';
}

/** Same-origin base: relative in the browser, made absolute so tests' fetch can resolve it. */
function apiBaseUrl(): string {
  const origin = globalThis.location?.origin;
  return origin && origin !== 'null' ? `${origin}${API_BASE_PATH}` : API_BASE_PATH;
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: apiBaseUrl(),
  prepareHeaders: (headers, { extra }) => {
    if (hasClientId(extra)) headers.set(SITE_KEY_HEADER, String(extra.clientId));
    headers.set(COUPON_CENTER_HEADER, '1');
    const token = readAccessToken();
    if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
});

type Api = Parameters<BaseQueryFn>[1];

let refreshing: Promise<boolean> | null = null;

async function refreshOnce(api: Api): Promise<boolean> {
  const refresh = readRefreshToken();
  if (!refresh) return false;
  const result = await rawBaseQuery({ url: REFRESH_PATH, method: 'POST', body: { refresh } }, api, {});
  if (result.error || !result.data) return false;
  const tokens = result.data as AuthTokens;
  saveTokens(tokens);
  const user = readStoredUser();
  if (user) {
    writeStoredUser({ ...user, token: tokens.token, refresh: tokens.refresh, expiration: tokens.expiration });
  }
  api.dispatch(tokensRefreshed(tokens));
  return true;
}

/**
 * Concurrent 401s share one refresh call (single flight): the first starts it, the
 * others wait for the same answer.
 */
function refreshSingleFlight(api: Api): Promise<boolean> {
  refreshing ??= refreshOnce(api).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function urlOf(args: string | FetchArgs): string {
  return typeof args === 'string' ? args : args.url;
}

/**
 * The auth-aware base query: bearer token from the access cookie or stored user,
 * the fixed site headers, and on a 401 one refresh through
 * POST /auth/token/refresh/ then one retry; if that fails the session is cleared.
 */
export const baseQueryWithReauth: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extraOptions,
) => {
  const hadToken = readAccessToken() !== null || readRefreshToken() !== null;
  let result = await rawBaseQuery(args, api, extraOptions);
  const url = urlOf(args);
  if (result.error?.status !== 401 || !hadToken || SESSIONLESS_PATHS.some((path) => url.startsWith(path))) {
    return result;
  }

  const refreshed = await refreshSingleFlight(api);
  if (refreshed) {
    result = await rawBaseQuery(args, api, extraOptions);
    if (result.error?.status !== 401) return result;
  }
  clearSession();
  api.dispatch(signedOut());
  return result;
};
