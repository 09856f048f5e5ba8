import { fetchBaseQuery } from '@reduxjs/toolkit/query';
import { COUPON_CENTER_HEADER, SITE_KEY_HEADER } from '@cc/config';
import { apiBaseUrl } from './constants';
import { fetchTakingEarly } from './early-requests';
import { withReauth } from './reauth';
import type { FetchQuery, ReauthSession } from './reauth';
import { signedOut, tokensRefreshed } from './session-events';
import {
  clearSession,
  readAccessToken,
  readStoredUser,
  saveTokens,
  writeStoredUser,
} from './session-storage';

/**
 * A session kept somewhere other than the merchant's access cookie and stored user
 * (the staff console keeps its own in the tab's sessionStorage): where the bearer token
 * comes from, headers every call of the session carries, and the reauth callbacks.
 */
export type ApiSession = ReauthSession & {
  /** The bearer token, or null when signed out. */
  accessToken: () => string | null;
  /** Sent with every call of this session, the token refresh and logout included. */
  headers?: Readonly<Record<string, string>>;
};

/**
 * What the store's thunk extra argument must carry for the API. Without `session`
 * calls run on the merchant session (access cookie, else the stored user).
 */
export type ApiExtra = { clientId: number; session?: ApiSession };

function hasClientId(extra: unknown): extra is ApiExtra {
  return (
    typeof extra === 'object' &&
    extra !== null &&
    'clientId' in extra &&
    typeof extra.clientId === 'number'
  );
}

function sessionOf(extra: unknown): ApiSession | null {
  if (typeof extra !== 'object' || extra === null || !('session' in extra)) return null;
  const { session } = extra as { session?: ApiSession };
  return session ?? null;
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: apiBaseUrl(),
  // A screen's first calls may already be on their way, sent by app.html's route hints.
  fetchFn: fetchTakingEarly,
  prepareHeaders: (headers, { extra }) => {
    if (hasClientId(extra)) headers.set(SITE_KEY_HEADER, String(extra.clientId));
    headers.set(COUPON_CENTER_HEADER, '1');
    const session = sessionOf(extra);
    for (const [name, value] of Object.entries(session?.headers ?? {})) headers.set(name, value);
    const token = session ? session.accessToken() : readAccessToken();
    if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
});

/** The merchant session: the access cookie and the stored user record. */
const merchantBaseQuery: FetchQuery = withReauth(rawBaseQuery, {
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

/** One reauth wrapper per session, so its concurrent 401s share one refresh call. */
const sessionBaseQueries = new WeakMap<ApiSession, FetchQuery>();

function sessionBaseQuery(session: ApiSession): FetchQuery {
  let query = sessionBaseQueries.get(session);
  if (!query) {
    query = withReauth(rawBaseQuery, session);
    sessionBaseQueries.set(session, query);
  }
  return query;
}

/**
 * The auth-aware base query: bearer token from the access cookie or stored user,
 * the fixed site headers, and on a 401 one refresh through
 * POST /auth/token/refresh/ then one retry; if that fails the session is cleared.
 * A store whose extra argument names a `session` runs the same steps on that session.
 */
export const baseQueryWithReauth: FetchQuery = (args, api, extraOptions) => {
  const session = sessionOf(api.extra);
  return (session ? sessionBaseQuery(session) : merchantBaseQuery)(args, api, extraOptions);
};
