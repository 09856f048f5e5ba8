import type { ReviewStore } from '@cc/contract';
import { SignIn } from '../features/auth/components/sign-in';
import { useStaffSession } from '../features/auth/hooks/use-staff-session';
import { QueueScreen } from '../features/queue/components/queue-screen';
import { StoreReview } from '../features/store-review/components/store-review';

/** The queue's selected store: its own review, started afresh for each store. */
function renderStoreReview(entry: ReviewStore, onDecided: (message: string) => void) {
  return <StoreReview key={entry.store.id} entry={entry} onDecided={onDecided} />;
}

export function App() {
  const { session, signIn, signOut } = useStaffSession();
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
      {session ? <QueueScreen renderSelected={renderStoreReview} /> : <SignIn onSignedIn={signIn} />}
    </div>
  );
}
