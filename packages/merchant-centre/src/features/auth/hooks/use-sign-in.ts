import { useNavigate } from 'react-router';
import type { AuthTokens } from '@cc/contract';
import { useAppDispatch } from '../../../lib/hooks';
import { refreshCurrentUser, startSession } from '../../../lib/session/session';

/** Saves the session from a login or registration answer, fetches the current user and opens /my-store. */
export function useSignIn() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return async (tokens: AuthTokens, email: string) => {
    startSession(dispatch, tokens, email);
    await refreshCurrentUser(dispatch);
    await navigate('/my-store', { replace: true });
  };
}
