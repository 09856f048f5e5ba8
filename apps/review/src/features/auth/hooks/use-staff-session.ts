import { useEffect, useState } from 'react';
import { readSession, writeSession, type StaffSession } from '../session';
import { SIGNED_OUT_EVENT } from '../staff-session';
import { useSignOut } from './use-sign-out';

/** Who is signed in to this tab; sign in, sign out, and the end of a session whose refresh failed. */
export function useStaffSession() {
  const [session, setSession] = useState<StaffSession | null>(readSession);
  const endSession = useSignOut();
  useEffect(() => {
    const onSignedOut = () => setSession(null);
    globalThis.addEventListener(SIGNED_OUT_EVENT, onSignedOut);
    return () => globalThis.removeEventListener(SIGNED_OUT_EVENT, onSignedOut);
  }, []);
  return {
    session,
    signIn: (next: StaffSession) => {
      writeSession(next);
      setSession(next);
    },
    signOut: () => {
      endSession();
      setSession(null);
    },
  };
}
