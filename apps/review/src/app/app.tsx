import { useState } from 'react';
import { STAFF_ROLE_LABELS, type ReviewQueueEntry } from '@cc/contract';
import { ConsoleFrame } from '../components/console-frame';
import { AuditScreen } from '../features/audit/components/audit-screen';
import { PasskeysScreen } from '../features/auth/components/passkeys-screen';
import { SignIn } from '../features/auth/components/sign-in';
import { useStaffSession } from '../features/auth/hooks/use-staff-session';
import { FailingCodes } from '../features/coupon-feedback/components/failing-codes';
import { QueueScreen } from '../features/queue/components/queue-screen';
import {
  AcceptInvitation,
  invitationTokenOf,
} from '../features/staff/components/accept-invitation';
import { StaffScreen } from '../features/staff/components/staff-screen';
import { SelectedStore } from '../features/store-review/components/selected-store';
import { useStaffMeQuery } from '../lib/review-api';

/** The queue's selected store: its own review, started afresh for each store. */
function renderStoreReview(entry: ReviewQueueEntry, onDecided: (message: string) => void) {
  return <SelectedStore key={entry.store.id} entry={entry} onDecided={onDecided} />;
}

type View = 'stores' | 'codes' | 'passkeys' | 'audit' | 'staff';
const VIEWS: readonly (readonly [View, string])[] = [
  ['stores', 'Stores'],
  ['codes', 'Failing codes'],
  ['passkeys', 'Passkeys'],
];
/** The screens only admins see (the server answers 403 to anyone else). */
const ADMIN_VIEWS: readonly (readonly [View, string])[] = [
  ['audit', 'Audit'],
  ['staff', 'Staff'],
];

/** Whether the console was opened on an invitation link (/review/accept-invitation?token=…). */
const isInvitationLink = () =>
  globalThis.location.pathname.replace(/\/+$/, '').endsWith('/accept-invitation');

/** The invitation page until its person goes to sign in; then the console at /review/. */
function useInvitationPage() {
  const [token, setToken] = useState(() =>
    isInvitationLink() ? invitationTokenOf(globalThis.location.search) : null,
  );
  return {
    token,
    leave: () => {
      // The token leaves the address bar (and the history) with the page.
      globalThis.history.replaceState(
        null,
        '',
        globalThis.location.pathname.replace(/accept-invitation\/?$/, ''),
      );
      setToken(null);
    },
  };
}

export function App() {
  const { session, signIn, signOut } = useStaffSession();
  const invitation = useInvitationPage();
  const me = useStaffMeQuery(undefined, { skip: !session || invitation.token !== null });
  const isAdmin = me.data?.role === 'admin';
  const [chosen, setView] = useState<View>('stores');
  const views = isAdmin ? [...VIEWS, ...ADMIN_VIEWS] : VIEWS;
  // A reviewer (or a role taken away) never stays on an admin screen.
  const view = views.some(([value]) => value === chosen) ? chosen : 'stores';
  if (invitation.token !== null) {
    return (
      <ConsoleFrame>
        <AcceptInvitation token={invitation.token} onSignIn={invitation.leave} />
      </ConsoleFrame>
    );
  }
  return (
    <ConsoleFrame
      actions={
        session && (
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
            <nav aria-label="Console" className="flex gap-1">
              {views.map(([value, label]) => (
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
            <span>
              {session.email}
              {me.data && (
                <span className="ml-1 text-slate-300">({STAFF_ROLE_LABELS[me.data.role]})</span>
              )}
            </span>
            <button type="button" className="underline" onClick={signOut}>
              Sign out
            </button>
          </div>
        )
      }
    >
      {!session && <SignIn onSignedIn={signIn} />}
      {session && view === 'stores' && <QueueScreen renderSelected={renderStoreReview} />}
      {session && view === 'codes' && <FailingCodes />}
      {session && view === 'passkeys' && <PasskeysScreen />}
      {session && view === 'audit' && <AuditScreen />}
      {session && view === 'staff' && <StaffScreen />}
    </ConsoleFrame>
  );
}
