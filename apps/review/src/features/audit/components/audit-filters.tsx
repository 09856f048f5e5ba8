import { useState, type FormEvent } from 'react';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS } from '@cc/contract';
import type { AuditFilters } from '../audit-api';

/** A datetime-local value (the browser's time) as ISO 8601, or nothing when empty or not a time. */
function isoOf(local: string): string | undefined {
  if (!local) return undefined;
  const time = new Date(local);
  return Number.isNaN(time.getTime()) ? undefined : time.toISOString();
}

const field = 'mt-1 block w-full rounded border border-slate-300 px-2 py-1 text-sm';

/** Actor, action, target and time range; applying them starts the list again from the newest entry. */
export function AuditFiltersForm({ onApply }: { onApply: (filters: AuditFilters) => void }) {
  const [actor, setActor] = useState('');
  const [action, setAction] = useState('');
  const [target, setTarget] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    const filters: AuditFilters = {};
    if (actor.trim()) filters.actor = actor.trim();
    if (action) filters.action = action;
    if (target.trim()) filters.target = target.trim();
    const fromIso = isoOf(from);
    const toIso = isoOf(to);
    if (fromIso) filters.from = fromIso;
    if (toIso) filters.to = toIso;
    onApply(filters);
  }

  return (
    <form
      aria-label="Audit filters"
      onSubmit={submit}
      className="grid grid-cols-1 gap-3 rounded-md bg-white p-4 shadow sm:grid-cols-3 lg:grid-cols-6"
    >
      <label className="text-sm font-semibold">
        Actor
        <input
          className={field}
          value={actor}
          placeholder="Email or user id"
          onChange={(event) => setActor(event.target.value)}
        />
      </label>
      <label className="text-sm font-semibold">
        Action
        <select
          className={field}
          value={action}
          onChange={(event) => setAction(event.target.value)}
        >
          <option value="">Any action</option>
          {AUDIT_ACTIONS.map((value) => (
            <option key={value} value={value}>
              {AUDIT_ACTION_LABELS[value]}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-semibold">
        Target
        <input
          className={field}
          value={target}
          placeholder="store:42"
          onChange={(event) => setTarget(event.target.value)}
        />
      </label>
      <label className="text-sm font-semibold">
        From
        <input
          type="datetime-local"
          className={field}
          value={from}
          onChange={(event) => setFrom(event.target.value)}
        />
      </label>
      <label className="text-sm font-semibold">
        To
        <input
          type="datetime-local"
          className={field}
          value={to}
          onChange={(event) => setTo(event.target.value)}
        />
      </label>
      <div className="flex items-end">
        <button
          type="submit"
          className="rounded bg-slate-800 px-4 py-1.5 text-sm font-semibold text-white"
        >
          Filter
        </button>
      </div>
    </form>
  );
}
