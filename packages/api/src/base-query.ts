import { fetchBaseQuery } from '@reduxjs/toolkit/query';
import { COUPON_CENTER_HEADER, SITE_KEY_HEADER } from '@cc/config';
import { apiBaseUrl } from './constants';
import { withReauth } from './reauth';
import type { FetchQuery } from './reauth';
import { signedOut, tokensRefreshed } from './session-events';
import { clearSession, readAccessToken, readStoredUser, saveTokens, writeStoredUser } from './session-storage';

/** What the store's thunk extra argument must carry for the API. */
export type ApiExtra = { clientId: number };

function hasClientId(extra: unknown): extra is ApiExtra {
  return typeof extra === 'object' && extra !== null && 'clientId' in extra && typeof extra.clientId === 'number';
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

/**
 * The auth-aware base query: bearer token from the access cookie or stored user,
 * the fixed site headers, and on a 401 one refresh through
 * POST /auth/token/refresh/ then one retry; if that fails the session is cleared.
 */
export const baseQueryWithReauth: FetchQuery = withReauth(rawBaseQuery, {
  hasSession: () => readAccessToken() !== null,
  saveTokens: (tokens, api) => {
    saveTokens(tokens);
    const user = readStoredUser();
    if (user) writeStoredUser({ ...user, token: tokens.token, expiration: tokens.expiration });
    api.dispatch(tokensRefreshed(tokens));
  },
  signOut: (api) => {
    clearSession();
    api.dispatch(signedOut());
  },
});
