import {
  api,
  authApi,
  clearSession,
  readStoredUser,
  saveTokens,
  signedOut,
  writeStoredUser,
} from '@cc/api';
import type { StoredUser } from '@cc/api';
import type { AuthTokens, User } from '@cc/contract';
import type { AppDispatch } from '../root-reducer';
import { userStored } from './session-slice';

/**
 * The access token into its cookie until it expires, the user record into local storage.
 * The refresh token came as an HttpOnly cookie that page scripts never see.
 */
export function startSession(dispatch: AppDispatch, tokens: AuthTokens, email: string): StoredUser {
  saveTokens(tokens);
  const user: StoredUser = {
    token: tokens.token,
    expiration: tokens.expiration,
    email,
    store: null,
    coupon_center_txn: null,
  };
  writeStoredUser(user);
  dispatch(userStored(user));
  return user;
}

/** Merges what /auth/me/ says (id, email, verification, coupon_center_txn, store) into the stored user. */
export function mergeCurrentUser(dispatch: AppDispatch, me: User): StoredUser | null {
  const stored = readStoredUser();
  if (!stored) return null;
  const user: StoredUser = {
    ...stored,
    id: me.id,
    email: me.email,
    email_verified: me.email_verified,
    coupon_center_txn: me.coupon_center_txn,
    store: me.store,
  };
  writeStoredUser(user);
  dispatch(userStored(user));
  return user;
}

/**
 * Fetches the current user and merges it; answers the merged record, or null when the call failed.
 * `joinCall`: take a /auth/me/ call already on its way or answered (a screen's, on app start) instead of a second one.
 */
export async function refreshCurrentUser(
  dispatch: AppDispatch,
  options: { joinCall?: boolean } = {},
): Promise<StoredUser | null> {
  const result = await dispatch(
    authApi.endpoints.me.initiate(undefined, { forceRefetch: !options.joinCall }),
  );
  if (!result.data) return null;
  return mergeCurrentUser(dispatch, result.data);
}

/** Sign-out: local storage and all cookies cleared, the API cache dropped. */
export function endSession(dispatch: AppDispatch): void {
  clearSession();
  dispatch(signedOut());
  dispatch(api.util.resetApiState());
}
