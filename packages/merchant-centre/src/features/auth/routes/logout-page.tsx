import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useLogoutMutation } from '@cc/api';
import { useAppDispatch } from '../../../lib/hooks';
import { endSession } from '../../../lib/session/session';

/** How long 'Sorry to see you go ...' stays before the site root opens. */
export const LOGOUT_REDIRECT_MS = 1500;

/**
 * /logout: says goodbye, has the server revoke the session and expire its HttpOnly refresh
 * cookie, clears what page scripts can (local storage, cookies) and goes to the site root.
 */
export function LogoutPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [logout] = useLogoutMutation();
  const hasRun = useRef(false);

  useEffect(() => {
    if (hasRun.current) return;
    hasRun.current = true;
    void (async () => {
      await logout();
      endSession(dispatch);
      setTimeout(() => void navigate('/', { replace: true }), LOGOUT_REDIRECT_MS);
    })();
  }, [dispatch, logout, navigate]);

  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Sorry to see you go ...</h1>
    </div>
  );
}

export { LogoutPage as Component };
