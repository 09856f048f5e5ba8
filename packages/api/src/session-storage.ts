import type { AuthTokens, CouponCenterTxn, Static, Store } from '@cc/contract';

/** The user record kept in local storage (SPEC section 3 "User"). */
export type StoredUser = {
  id?: number;
  token: string;
  refresh: string;
  expiration: string;
  email?: string;
  email_verified?: boolean;
  store: Store | null;
  coupon_center_txn: Static<typeof CouponCenterTxn> | null;
};

export const USER_STORAGE_KEY = 'cc_user';
export const ACCESS_COOKIE = 'cc_token';
export const REFRESH_COOKIE = 'cc_refresh';

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

/** Removes every cookie this page can see (sign-out clears all cookies). */
export function clearCookies(): void {
  if (!hasDocument()) return;
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

export function readStoredUser(): StoredUser | null {
  try {
    const raw = globalThis.localStorage?.getItem(USER_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as unknown;
    if (typeof parsed !== 'object' || parsed === null || !('token' in parsed)) return null;
    return parsed as StoredUser;
  } catch {
    return null;
  }
}

export function writeStoredUser(user: StoredUser): void {
  globalThis.localStorage?.setItem(USER_STORAGE_KEY, JSON.stringify(user));
}

/** Token and refresh go to cookies until they expire; the user record keeps them too. */
export function saveTokens(tokens: AuthTokens | Omit<AuthTokens, 'refresh_expiration'>): void {
  setCookie(ACCESS_COOKIE, tokens.token, tokens.expiration);
  const refreshExpiry = 'refresh_expiration' in tokens ? tokens.refresh_expiration : tokens.expiration;
  setCookie(REFRESH_COOKIE, tokens.refresh, refreshExpiry);
}

/** Bearer token: the access cookie first, else the stored user record. */
export function readAccessToken(): string | null {
  return readCookie(ACCESS_COOKIE) ?? readStoredUser()?.token ?? null;
}

export function readRefreshToken(): string | null {
  return readCookie(REFRESH_COOKIE) ?? readStoredUser()?.refresh ?? null;
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
