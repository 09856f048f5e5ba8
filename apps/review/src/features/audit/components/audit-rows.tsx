import { AUDIT_ACTION_LABELS, type AuditAction, type AuditEvent } from '@cc/contract';

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO 8601 time as the browser's local yyyy-MM-dd HH:mm:ss. */
export function formatWhen(iso: string): string {
  const time = new Date(iso);
  const date = `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}`;
  return `${date} ${pad(time.getHours())}:${pad(time.getMinutes())}:${pad(time.getSeconds())}`;
}

const isKnown = (action: string): action is AuditAction => action in AUDIT_ACTION_LABELS;

/** The details as `key: value` pairs, one line. */
function detailsText(details: Record<string, unknown>): string {
  return Object.entries(details)
    .filter(([, value]) => value !== null && value !== '')
    .map(
      ([key, value]) =>
        `${key.replaceAll('_', ' ')}: ${typeof value === 'string' ? value : JSON.stringify(value)}`,
    )
    .join('; ');
}

/** One entry: when, who, what, to what, from where, and what else it says. */
export function AuditRow({ event }: { event: AuditEvent }) {
  const who = event.actor_role === 'system' ? 'System' : event.actor_email || 'Unknown';
  return (
    <tr className="border-t border-slate-200 align-top">
      <td className="whitespace-nowrap px-3 py-2 tabular-nums">
        <time dateTime={event.at}>{formatWhen(event.at)}</time>
      </td>
      <td className="px-3 py-2">
        <span className="font-semibold">{who}</span>
        <span className="block text-xs text-slate-600">
          {event.actor_role}
          {event.actor_user_id === null ? '' : ` #${event.actor_user_id}`}
        </span>
      </td>
      <td className="px-3 py-2">
        {isKnown(event.action) ? AUDIT_ACTION_LABELS[event.action] : event.action}
      </td>
      <td className="px-3 py-2 font-mono text-xs">
        {event.target_type ? `${event.target_type}:${event.target_id}` : ''}
      </td>
      <td className="px-3 py-2 font-mono text-xs">{event.ip}</td>
      <td className="px-3 py-2 text-xs break-words">{detailsText(event.details)}</td>
    </tr>
  );
}
