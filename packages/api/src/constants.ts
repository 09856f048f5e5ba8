/** The one API base: same origin, version 1. */
export const API_BASE_PATH = '/api/v1';
/**
 * Token refresh and logout, relative to the base. The server scopes the HttpOnly refresh
 * cookie to exactly these paths (trailing slash included), so calls use them as written.
 */
export const REFRESH_PATH = 'auth/token/refresh/';
export const LOGOUT_PATH = 'auth/logout/';

/** Same-origin base: relative in the browser, made absolute so tests' fetch can resolve it. */
export function apiBaseUrl(): string {
  const origin = globalThis.location?.origin;
  return origin && origin !== 'null' ? `${origin}${API_BASE_PATH}` : API_BASE_PATH;
}
