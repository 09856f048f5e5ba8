import { createAction } from '@reduxjs/toolkit';
import type { AuthTokens } from '@cc/contract';

/** The session ended: sign-out, or a 401 whose refresh failed. */
export const signedOut = createAction('session/signedOut');
/** The access token was refreshed after a 401. */
export const tokensRefreshed = createAction<AuthTokens>('session/tokensRefreshed');
