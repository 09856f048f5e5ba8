import { useState } from 'react';
import type { ReviewQueueEntry } from '@cc/contract';
import { AuditScreen } from '../features/audit/components/audit-screen';
import { SignIn } from '../features/auth/components/sign-in';
import { useStaffSession } from '../features/auth/hooks/use-staff-session';
import { FailingCodes } from '../features/coupon-feedback/components/failing-codes';
import { QueueScreen } from '../features/queue/components/queue-screen';
import { SelectedStore } from '../features/store-review/components/selected-store';

/** The queue's selected store: its own review, started afresh for each store. */
function renderStoreReview(entry: ReviewQueueEntry, onDecided: (message: string) => void) {
  return <SelectedStore key={entry.store.id} entry={entry} onDecided={onDecided} />;
}

export function App() {
  const { session, signIn, signOut } = useStaffSession();
  const [view, setView] = useState<'stores' | 'codes' | 'audit'>('stores');
  return (
    <div className="min-h-screen text-slate-900">
      <header className="flex flex-wrap items-center justify-between gap-2 bg-slate-800 px-6 py-3 text-white">
        <h1 className="text-lg font-bold">Store review</h1>
        {session && (
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
            <nav aria-label="Console" className="flex gap-1">
              {([['stores', 'Stores'], ['codes', 'Failing codes'], ['audit', 'Audit']] as const).map(([value, label]) => (
                <button
                  key={value}
                  type="button"
                  aria-pressed={view === value}
                  className={`rounded px-3 py-1 ${view === value ? 'bg-white text-slate-900' : 'hover:bg-slate-700'}`}
                  onClick={() => setView(value)}
                >
                  {label}
                </button>
              ))}
            </nav>
            <span>{session.email}</span>
            <button type="button" className="underline" onClick={signOut}>
              Sign out
            </button>
          </div>
        )}
      </header>
      {!session && <SignIn onSignedIn={signIn} />}
      {session && view === 'stores' && <QueueScreen renderSelected={renderStoreReview} />}
      {session && view === 'codes' && <FailingCodes />}
      {session && view === 'audit' && <AuditScreen />}
    </div>
  );
}
