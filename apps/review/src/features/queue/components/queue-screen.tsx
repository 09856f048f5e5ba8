import { useState, type ReactNode } from 'react';
import type { ReviewQueueEntry, ReviewStatus } from '@cc/contract';
import { errorMessage } from '@cc/api/errors';
import { Banner } from '@cc/ui/banner';
import { StatusBadge } from '../../../components/status-badge';
import { cursorOf, useReviewQueueQuery } from '../../../lib/review-api';
import { useAutoHide } from '../../../lib/use-auto-hide';
import { QueuePager, rangeText } from './queue-pager';
import { QueueSearch } from './queue-search';

/** How often the queue is read again. */
export const QUEUE_POLL_MS = 30_000;
/** Stores a page (the server's default page_size). */
export const QUEUE_PAGE_SIZE = 20;

/** Shows the selected store (the queue lists it by name); `onDecided` takes the notice to show above it after a decision. */
export type RenderSelected = (
  entry: ReviewQueueEntry,
  onDecided: (message: string) => void,
) => ReactNode;

/**
 * The queue (pending first, oldest first) beside the selected store. The app hands
 * in how a selected store is shown, so this feature does not import another.
 */
export function QueueScreen({ renderSelected }: { renderSelected: RenderSelected }) {
  const [filter, setFilter] = useState<ReviewStatus | undefined>('pending');
  /** The shown page: its cursor (none for the first) and how many stores come before it. */
  const [page, setPage] = useState<{ cursor?: string; offset: number }>({ offset: 0 });
  const [selectedId, setSelectedId] = useState<number | null>(null);
  /** The last decision, kept here: the decided store may leave the filtered list. */
  const [notice, setNotice] = useState('');
  const [search, setSearch] = useState('');
  const args = {
    ...(filter ? { status: filter } : {}),
    ...(search ? { search } : {}),
    ...(page.cursor ? { cursor: page.cursor } : {}),
  };
  const { data, error, isLoading, isFetching } = useReviewQueueQuery(args, {
    pollingInterval: QUEUE_POLL_MS,
  });
  const shownError = useAutoHide(error);
  const results = data?.results ?? [];
  const selected: ReviewQueueEntry | undefined =
    results.find((entry) => entry.store.id === selectedId) ?? results[0];
  // Back at the first page, or on a page emptied by decisions: start again from the first page.
  if (data && page.cursor && !isFetching && (data.previous === null || results.length === 0))
    setPage({ offset: 0 });
  const showFilter = (value: ReviewStatus | undefined) => {
    setFilter(value);
    setPage({ offset: 0 });
  };

  return (
    <div className="mx-auto grid max-w-7xl gap-6 p-6 lg:grid-cols-[320px_1fr]">
      <nav aria-label="Review queue" className="flex flex-col gap-3">
        <div role="group" aria-label="Show" className="flex gap-2 text-sm">
          {(
            [
              ['pending', 'Pending'],
              [undefined, 'All stores'],
            ] as const
          ).map(([value, label]) => (
            <button
              key={label}
              type="button"
              aria-pressed={filter === value}
              className={`rounded px-3 py-1 ${filter === value ? 'bg-slate-800 text-white' : 'bg-white shadow'}`}
              onClick={() => showFilter(value)}
            >
              {label}
            </button>
          ))}
        </div>
        <QueueSearch
          onSearch={(value) => {
            setSearch(value);
            setPage({ offset: 0 });
          }}
        />
        {isLoading && <p>Loading the queue…</p>}
        {shownError && <Banner variant="error">{errorMessage(shownError)}</Banner>}
        {data && results.length === 0 && (
          <p className="text-sm text-slate-600">Nothing to review.</p>
        )}
        {data && data.count > 0 && (
          <QueuePager
            range={rangeText({ offset: page.offset, shown: results.length, count: data.count })}
            hasPrevious={data.previous !== null}
            hasNext={data.next !== null}
            busy={isFetching}
            onPrevious={() =>
              setPage({
                cursor: cursorOf(data.previous),
                offset: Math.max(0, page.offset - QUEUE_PAGE_SIZE),
              })
            }
            onNext={() =>
              setPage({ cursor: cursorOf(data.next), offset: page.offset + results.length })
            }
          />
        )}
        <ol aria-label="Stores" aria-busy={isFetching} className="flex flex-col gap-2">
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
          renderSelected(selected, setNotice)
        ) : (
          <p className="text-slate-600">Select a store.</p>
        )}
      </div>
    </div>
  );
}
