/**
 * The staff session lives in this tab's sessionStorage under its own key, so it
 * never mixes with a merchant session in the same browser (cookies are shared
 * across ports of one host; sessionStorage is per origin and tab). Its refresh token
 * is not here: the server keeps it in an HttpOnly cookie named for staff sessions.
 */
const KEY = 'cc_review_session';

/** The access token (15 minutes) and who signed in. */
export type StaffSession = { token: string; email: string };

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
