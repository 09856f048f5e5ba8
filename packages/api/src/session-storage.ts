import type { AuthTokens, CouponCenterTxn, Static, Store } from '@cc/contract';

/**
 * The user record kept in local storage (SPEC section 3 "User"), without the refresh
 * token: that one lives only in the server's HttpOnly cookie, out of reach of page scripts.
 */
export type StoredUser = {
  id?: number;
  token: string;
  expiration: string;
  email?: string;
  email_verified?: boolean;
  store: Store | null;
  coupon_center_txn: Static<typeof CouponCenterTxn> | null;
};

export const USER_STORAGE_KEY = 'cc_user';
export const ACCESS_COOKIE = 'cc_token';
/** Where the refresh token was kept before it moved to the HttpOnly cookie; removed when seen. */
const LEGACY_REFRESH_COOKIE = 'cc_refresh';

function hasDocument(): boolean {
  return typeof document !== 'undefined';
}

function setCookie(name: string, value: string, expires: string): void {
  if (!hasDocument()) return;
  const date = new Date(expires);
  const expiry = Number.isNaN(date.getTime()) ? '' : `; expires=${date.toUTCString()}`;
  document.cookie = `${name}=${encodeURIComponent(value)}${expiry}; path=/; SameSite=Lax`;
}

export function readCookie(name: string): string | null {
  if (!hasDocument()) return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

function expireCookie(name: string): void {
  document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}

/**
 * Removes every cookie this page can see (sign-out clears all cookies). The HttpOnly
 * refresh cookie is not among them: the logout call has the server expire it.
 */
export function clearCookies(): void {
  if (!hasDocument()) return;
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) expireCookie(name);
  }
}

export function readStoredUser(): StoredUser | null {
  try {
    const raw = globalThis.localStorage?.getItem(USER_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as unknown;
    if (typeof parsed !== 'object' || parsed === null || !('token' in parsed)) return null;
    // A record saved before the refresh token moved to the cookie: its copy is dropped.
    const { refresh: _legacy, ...user } = parsed as StoredUser & { refresh?: unknown };
    return user;
  } catch {
    return null;
  }
}

export function writeStoredUser(user: StoredUser): void {
  globalThis.localStorage?.setItem(USER_STORAGE_KEY, JSON.stringify(user));
}

/** The access token goes to its cookie until it expires (the user record keeps it too). */
export function saveTokens(tokens: Pick<AuthTokens, 'token' | 'expiration'>): void {
  setCookie(ACCESS_COOKIE, tokens.token, tokens.expiration);
  if (readCookie(LEGACY_REFRESH_COOKIE) !== null) expireCookie(LEGACY_REFRESH_COOKIE);
}

/** Bearer token: the access cookie first, else the stored user record. */
export function readAccessToken(): string | null {
  return readCookie(ACCESS_COOKIE) ?? readStoredUser()?.token ?? null;
}

/** Sign-out: local storage and all cookies are cleared. */
export function clearSession(): void {
  try {
    globalThis.localStorage?.clear();
  } catch {
    // storage may be unavailable (private mode); cookies are still cleared
  }
  clearCookies();
}
