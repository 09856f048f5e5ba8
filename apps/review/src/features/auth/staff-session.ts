import { api } from '@cc/api';
import type { ApiSession } from '@cc/api';
import { SESSION_AUDIENCE_HEADER, STAFF_AUDIENCE } from '@cc/contract';
import { readSession, writeSession } from './session';

/** Fired on window when the session ends without the staff member signing out. */
export const SIGNED_OUT_EVENT = 'cc-review-signed-out';

/**
 * The staff session the console's store hands the API slice. Access tokens last
 * 15 minutes: a 401 refreshes the token once through the staff refresh cookie and
 * retries the call; if that fails the staff session ends.
 */
export const staffSession: ApiSession = {
  accessToken: () => readSession()?.token ?? null,
  // The server names this console's refresh cookie apart from the UK brand's on the same host.
  headers: { [SESSION_AUDIENCE_HEADER]: STAFF_AUDIENCE },
  hasSession: () => readSession() !== null,
  saveTokens: (tokens) => {
    const session = readSession();
    if (session) writeSession({ ...session, token: tokens.token });
  },
  signOut: (baseQueryApi) => {
    writeSession(null);
    baseQueryApi.dispatch(api.util.resetApiState());
    globalThis.dispatchEvent(new Event(SIGNED_OUT_EVENT));
  },
};
