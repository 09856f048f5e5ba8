/**
 * The staff session lives in this tab's sessionStorage under its own key, so it
 * never mixes with a merchant session in the same browser (cookies are shared
 * across ports of one host; sessionStorage is per origin and tab).
 */
const KEY = 'cc_review_session';

/** The access token (15 minutes), the refresh token that renews it, and who signed in. */
export type StaffSession = { token: string; refresh: string; email: string };

export function readSession(): StaffSession | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(KEY);
    return raw ? (JSON.parse(raw) as StaffSession) : null;
  } catch {
    return null;
  }
}

export function writeSession(session: StaffSession | null): void {
  if (session) globalThis.sessionStorage?.setItem(KEY, JSON.stringify(session));
  else globalThis.sessionStorage?.removeItem(KEY);
}
