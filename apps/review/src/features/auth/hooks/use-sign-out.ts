import { useLogoutMutation } from '@cc/api';
import { writeSession } from '../session';

/** Ends the staff session in this tab and has the server revoke it and expire its refresh cookie. */
export function useSignOut(): () => void {
  const [revoke] = useLogoutMutation();
  return () => {
    writeSession(null);
    void revoke();
  };
}
