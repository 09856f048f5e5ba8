import { useState } from 'react';
import { errorMessage } from '@cc/api';
import {
  useEndAccountSessionMutation,
  useGetAccountSessionsQuery,
  useSignOutOtherSessionsMutation,
} from '../api/account';
import type { AccountSession } from '@cc/contract';
import { LoadingButton } from '@cc/ui/loading-button';
import { Spinner } from '@cc/ui/spinner';
import { AccountSection } from './account-section';
import { FormAnswer } from './form-answer';
import { formatTime } from './format-time';

/** One device: its browser and system, when it signed in and was last used; others can be signed out. */
function DeviceRow({
  session,
  onSignOut,
}: {
  session: AccountSession;
  onSignOut: (id: string) => Promise<void>;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0 text-sm">
        <p className="font-semibold text-slate-900">
          {session.browser} on {session.os}
          {session.current && (
            <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">
              This device
            </span>
          )}
        </p>
        <p className="text-slate-700">Signed in {formatTime(session.created_at)}</p>
        <p className="text-slate-700">Last used {formatTime(session.last_used_at)}</p>
      </div>
      {!session.current && (
        <LoadingButton
          variant="secondary"
          loadingText="Signing out..."
          onClick={() => onSignOut(session.id)}
        >
          Sign out
        </LoadingButton>
      )}
    </li>
  );
}

/** 'Signed-in devices': every session of the account, this one first; sign one or all the others out. */
export function DevicesSection() {
  const sessions = useGetAccountSessionsQuery();
  const [endSession] = useEndAccountSessionMutation();
  const [signOutOthers] = useSignOutOtherSessionsMutation();
  const [answer, setAnswer] = useState<{ failure: string | null; success: string | null }>({
    failure: null,
    success: null,
  });
  const list = [...(sessions.data ?? [])].sort((a, b) => Number(b.current) - Number(a.current));
  const hasOthers = list.some((session) => !session.current);

  async function signOut(id: string) {
    const result = await endSession(id);
    setAnswer(
      result.error
        ? { failure: errorMessage(result.error), success: null }
        : { failure: null, success: result.data.message },
    );
  }

  async function signOutEverywhereElse() {
    const result = await signOutOthers();
    setAnswer(
      result.error
        ? { failure: errorMessage(result.error), success: null }
        : { failure: null, success: result.data.message },
    );
  }

  return (
    <AccountSection title="Signed-in devices">
      <FormAnswer {...answer} />
      {sessions.isLoading && (
        <div className="flex justify-center py-6">
          <Spinner label="Loading the devices" />
        </div>
      )}
      {sessions.isError && (
        <p className="text-sm text-slate-700">The signed-in devices could not be loaded.</p>
      )}
      {list.length > 0 && (
        <ul className="divide-y divide-slate-200" aria-label="Devices">
          {list.map((session) => (
            <DeviceRow key={session.id} session={session} onSignOut={signOut} />
          ))}
        </ul>
      )}
      {hasOthers && (
        <div className="mt-4">
          <LoadingButton loadingText="Signing out..." onClick={signOutEverywhereElse}>
            Sign out everywhere else
          </LoadingButton>
        </div>
      )}
    </AccountSection>
  );
}
