import type { ReviewStatus } from '@cc/contract';

const STATUS_STYLES: Record<ReviewStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-green-100 text-green-900',
  declined: 'bg-red-100 text-red-900',
};

/** Where a store stands in review, as the queue and the store's page show it. */
export function StatusBadge({ status }: { status: ReviewStatus }) {
  return (
    <span
      className={`rounded px-2 py-0.5 text-xs font-semibold uppercase ${STATUS_STYLES[status]}`}
    >
      {status}
    </span>
  );
}
