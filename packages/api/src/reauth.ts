import type {
  BaseQueryApi,
  BaseQueryFn,
  FetchArgs,
  FetchBaseQueryError,
} from '@reduxjs/toolkit/query';
import type { AuthTokens } from '@cc/contract';
import { LOGOUT_PATH, REFRESH_PATH } from './constants';

/** A fetchBaseQuery-shaped base query. */
export type FetchQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError>;

/**
 * Where a console keeps its session: read before a call, written after a refresh or
 * sign-out. The refresh token is not part of it: the browser holds it as an HttpOnly
 * cookie that only the refresh and logout paths receive.
 */
export type ReauthSession = {
  /** Whether a call goes out on a session; a 401 without one is an answer, not a reason to refresh. */
  hasSession: () => boolean;
  /** Keeps the new access token; the rotated refresh token is already in its cookie. */
  saveTokens: (tokens: AuthTokens, api: BaseQueryApi) => void;
  /** The refresh failed, or the retry got a 401 again. */
  signOut: (api: BaseQueryApi) => void;
};

/** Calls whose 401 is an answer, never a reason to refresh: sign-in, the refresh itself, logout. */
export const SESSIONLESS_PATHS: readonly string[] = [
  REFRESH_PATH,
  LOGOUT_PATH,
  'auth/email-login/',
  'auth/email-register/',
  'auth/password-reset',
  'auth/set-new-password/',
  'auth/verify-email/',
];

/** The Web Lock every tab of the origin takes around its refresh call. */
export const REFRESH_LOCK = 'cc-token-refresh';

/**
 * Runs `task` in one tab of the origin at a time (Web Locks) where the browser has them.
 * Every tab sends the same refresh cookie and the server rotates it on use, treating a
 * rotated token sent again as a replay that ends the session: two tabs refreshing at once
 * would sign each other out. Under the lock the second tab sends the cookie the first one
 * was given.
 */
function oneTabAtATime<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(REFRESH_LOCK, task) : task();
}

function urlOf(args: string | FetchArgs): string {
  return typeof args === 'string' ? args : args.url;
}

/**
 * Wraps a base query so that a 401 on a session call refreshes the access token once
 * through POST /auth/token/refresh/ and retries the call; if either fails the session
 * ends. Concurrent 401s share one refresh call (single flight), and tabs refresh one at a
 * time: the server rotates refresh tokens and treats a second use of one as a replay that
 * revokes the session.
 */
export function withReauth(baseQuery: FetchQuery, session: ReauthSession): FetchQuery {
  let refreshing: Promise<boolean> | null = null;

  async function refreshOnce(api: BaseQueryApi): Promise<boolean> {
    // No body: the refresh token goes as the cookie, which page scripts cannot read.
    const result = await baseQuery(
      { url: REFRESH_PATH, method: 'POST', credentials: 'same-origin' },
      api,
      {},
    );
    if (result.error || !result.data) return false;
    session.saveTokens(result.data as AuthTokens, api);
    return true;
  }

  function refreshSingleFlight(api: BaseQueryApi): Promise<boolean> {
    refreshing ??= oneTabAtATime(() => refreshOnce(api)).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  return async (args, api, extraOptions) => {
    const hadSession = session.hasSession();
    let result = await baseQuery(args, api, extraOptions);
    const url = urlOf(args);
    if (
      result.error?.status !== 401 ||
      !hadSession ||
      SESSIONLESS_PATHS.some((path) => url.startsWith(path))
    ) {
      return result;
    }
    if (await refreshSingleFlight(api)) {
      result = await baseQuery(args, api, extraOptions);
      if (result.error?.status !== 401) return result;
    }
    session.signOut(api);
    return result;
  };
}
