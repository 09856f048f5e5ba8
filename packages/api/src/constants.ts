/** The one API base: same origin, version 1. */
export const API_BASE_PATH = '/api/v1';
/** Token refresh, relative to the base. */
export const REFRESH_PATH = 'auth/token/refresh/';

/** Same-origin base: relative in the browser, made absolute so tests' fetch can resolve it. */
export function apiBaseUrl(): string {
  const origin = globalThis.location?.origin;
  return origin && origin !== 'null' ? `${origin}${API_BASE_PATH}` : API_BASE_PATH;
}
