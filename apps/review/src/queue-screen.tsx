import { useState } from 'react';
import type { ReviewStatus, ReviewStore } from '@cc/contract';
import { errorMessage } from '@cc/api/errors';
import { Banner } from '@cc/ui/banner';
import { useReviewQueueQuery } from './api';
import { StoreReview } from './store-review';
import { useAutoHide } from './use-auto-hide';

/** How often the queue is read again. */
export const QUEUE_POLL_MS = 30_000;

const STATUS_STYLES: Record<ReviewStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-green-100 text-green-900',
  declined: 'bg-red-100 text-red-900',
};

export function StatusBadge({ status }: { status: ReviewStatus }) {
  return <span className={`rounded px-2 py-0.5 text-xs font-semibold uppercase ${STATUS_STYLES[status]}`}>{status}</span>;
}

/** The queue (pending first, oldest first) beside the selected store. */
export function QueueScreen() {
  const [filter, setFilter] = useState<ReviewStatus | undefined>('pending');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  /** The last decision, kept here: the decided store may leave the filtered list. */
  const [notice, setNotice] = useState('');
  const { data, error, isLoading } = useReviewQueueQuery(filter, { pollingInterval: QUEUE_POLL_MS });
  const shownError = useAutoHide(error);
  const results = data?.results ?? [];
  const selected: ReviewStore | undefined = results.find((entry) => entry.store.id === selectedId) ?? results[0];

  return (
    <div className="mx-auto grid max-w-7xl gap-6 p-6 lg:grid-cols-[320px_1fr]">
      <nav aria-label="Review queue" className="flex flex-col gap-3">
        <div role="group" aria-label="Show" className="flex gap-2 text-sm">
          {([['pending', 'Pending'], [undefined, 'All stores']] as const).map(([value, label]) => (
            <button
              key={label}
              type="button"
              aria-pressed={filter === value}
              className={`rounded px-3 py-1 ${filter === value ? 'bg-slate-800 text-white' : 'bg-white shadow'}`}
              onClick={() => setFilter(value)}
            >
              {label}
            </button>
          ))}
        </div>
        {isLoading && <p>Loading the queue…</p>}
        {shownError && <Banner variant="error">{errorMessage(shownError)}</Banner>}
        {data && results.length === 0 && <p className="text-sm text-slate-600">Nothing to review.</p>}
        <ol className="flex flex-col gap-2">
          {results.map((entry) => (
            <li key={entry.store.id}>
              <button
                type="button"
                aria-current={selected?.store.id === entry.store.id ? 'true' : undefined}
                className={`w-full rounded-md bg-white p-3 text-left shadow ${selected?.store.id === entry.store.id ? 'ring-2 ring-slate-800' : ''}`}
                onClick={() => {
                  setSelectedId(entry.store.id);
                  setNotice('');
                }}
              >
                <span className="flex items-center justify-between gap-2">
                  <span className="font-semibold">{entry.store.name}</span>
                  <StatusBadge status={entry.status} />
                </span>
                <span className="block text-xs text-slate-600">
                  Client {entry.store.client} · queued {new Date(entry.queued_at).toLocaleString()}
                </span>
              </button>
            </li>
          ))}
        </ol>
      </nav>
      <div className="flex flex-col gap-4">
        {notice && <Banner>{notice}</Banner>}
        {selected ? (
          <StoreReview key={selected.store.id} entry={selected} onDecided={setNotice} />
        ) : (
          <p className="text-slate-600">Select a store.</p>
        )}
      </div>
    </div>
  );
}
