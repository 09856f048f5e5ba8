import { useEffect, useState } from 'react';
import { SIGNED_OUT_EVENT } from './api';
import { QueueScreen } from './queue-screen';
import { readSession, writeSession, type StaffSession } from './session';
import { SignIn } from './sign-in';
import { useSignOut } from './use-sign-out';

export function App() {
  const [session, setSession] = useState<StaffSession | null>(readSession);
  const endSession = useSignOut();
  useEffect(() => {
    const onSignedOut = () => setSession(null);
    globalThis.addEventListener(SIGNED_OUT_EVENT, onSignedOut);
    return () => globalThis.removeEventListener(SIGNED_OUT_EVENT, onSignedOut);
  }, []);
  const signIn = (next: StaffSession) => {
    writeSession(next);
    setSession(next);
  };
  const signOut = () => {
    endSession();
    setSession(null);
  };
  return (
    <div className="min-h-screen text-slate-900">
      <header className="flex items-center justify-between bg-slate-800 px-6 py-3 text-white">
        <h1 className="text-lg font-bold">Store review</h1>
        {session && (
          <div className="flex items-center gap-4 text-sm">
            <span>{session.email}</span>
            <button type="button" className="underline" onClick={signOut}>
              Sign out
            </button>
          </div>
        )}
      </header>
      {session ? <QueueScreen /> : <SignIn onSignedIn={signIn} />}
    </div>
  );
}
