import { useEffect, useState } from 'react';
import { QueueScreen } from './queue-screen';
import { readSession, writeSession, type StaffSession } from './session';
import { SignIn } from './sign-in';

export function App() {
  const [session, setSession] = useState<StaffSession | null>(readSession);
  useEffect(() => {
    const onSignedOut = () => setSession(null);
    globalThis.addEventListener('cc-review-signed-out', onSignedOut);
    return () => globalThis.removeEventListener('cc-review-signed-out', onSignedOut);
  }, []);
  const signIn = (next: StaffSession) => {
    writeSession(next);
    setSession(next);
  };
  const signOut = () => {
    writeSession(null);
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
