import type { ReviewQueueEntry } from '@cc/contract';
import { errorMessage } from '@cc/api/errors';
import { Banner } from '@cc/ui/banner';
import { useReviewStoreQuery } from '../../../lib/review-api';
import { StoreReview } from './store-review';

/** The store chosen in the queue, read in full (details, coupons, history, preview link) when it is chosen. */
export function SelectedStore({
  entry,
  onDecided,
}: {
  entry: ReviewQueueEntry;
  onDecided: (message: string) => void;
}) {
  const { data, error, isFetching } = useReviewStoreQuery(entry.store.id);
  if (data) return <StoreReview entry={data} onDecided={onDecided} />;
  if (error) return <Banner variant="error">{errorMessage(error)}</Banner>;
  return (
    <p aria-busy={isFetching} className="text-slate-600">
      Loading {entry.store.name}…
    </p>
  );
}
