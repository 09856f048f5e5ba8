import { useGetAccountActivityQuery } from '../api/audit';
import { AUDIT_ACTION_LABELS, type AccountActivityEntry, type AuditAction } from '@cc/contract';
import { Spinner } from '@cc/ui/spinner';
import { AccountSection } from './account-section';

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO 8601 time as the browser's local yyyy-MM-dd HH:mm (the app's date format, and the time). */
function formatTime(iso: string): string {
  const time = new Date(iso);
  const date = `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}`;
  return `${date} ${pad(time.getHours())}:${pad(time.getMinutes())}`;
}

const isKnown = (action: string): action is AuditAction => action in AUDIT_ACTION_LABELS;

/** What happened, in words: "Signed in from 203.0.113.7 with Chrome 142 on macOS 15". */
export function describeActivity(entry: AccountActivityEntry): string {
  const where = entry.ip ? ` from ${entry.ip}` : '';
  if (entry.action === 'auth.sign_in')
    return `Signed in${where}${entry.device ? ` with ${entry.device}` : ''}`;
  if (entry.action === 'auth.sign_in_failed') return `Failed sign-in attempt${where}`;
  return `${isKnown(entry.action) ? AUDIT_ACTION_LABELS[entry.action] : entry.action}${where}`;
}

/** 'Recent activity': the account's latest sign-ins and changes, newest first, each with its address. */
export function RecentActivitySection() {
  const activity = useGetAccountActivityQuery();
  const entries = activity.data ?? [];
  return (
    <AccountSection title="Recent activity">
      {activity.isLoading && (
        <div className="flex justify-center py-6">
          <Spinner label="Loading the recent activity" />
        </div>
      )}
      {activity.isError && (
        <p className="text-sm text-slate-700">The recent activity could not be loaded.</p>
      )}
      {activity.isSuccess && entries.length === 0 && (
        <p className="text-sm text-slate-700">Nothing recorded yet.</p>
      )}
      {entries.length > 0 && (
        <ul className="divide-y divide-slate-200" aria-label="Recent activity">
          {entries.map((entry) => (
            <li
              key={entry.id}
              className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2 text-sm"
            >
              <span className="text-slate-900">{describeActivity(entry)}</span>
              <time dateTime={entry.at} className="text-slate-700">
                {formatTime(entry.at)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </AccountSection>
  );
}
