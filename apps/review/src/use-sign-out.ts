import { useSignOutMutation } from './api';
import { readSession, writeSession } from './session';

/** Ends the staff session in this tab and revokes its refresh token on the server. */
export function useSignOut(): () => void {
  const [revoke] = useSignOutMutation();
  return () => {
    const refresh = readSession()?.refresh;
    writeSession(null);
    if (refresh) void revoke({ refresh });
  };
}
