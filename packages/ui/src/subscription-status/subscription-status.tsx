import { cx } from '../theme/class-names';

/** The statuses the spec names; any other string is shown too, as red. */
export type SubscriptionStatusValue = 'active' | 'incomplete' | 'past_due' | 'unpaid' | 'canceled';

export type StatusTone = 'green' | 'yellow' | 'red';

/** Green for active; yellow for incomplete, past_due and unpaid; red otherwise. */
export function statusTone(status: string): StatusTone {
  if (status === 'active') return 'green';
  if (status === 'incomplete' || status === 'past_due' || status === 'unpaid') return 'yellow';
  return 'red';
}

/** 'past_due' -> 'Past due'. */
export function statusText(status: string): string {
  const words = status.replace(/_/g, ' ').trim();
  return words ? words[0]?.toUpperCase() + words.slice(1) : 'Unknown';
}

const DOTS: Record<StatusTone, string> = {
  green: 'bg-green-600',
  yellow: 'bg-yellow-400 ring-1 ring-yellow-700',
  red: 'bg-red-600',
};

export type SubscriptionStatusProps = {
  status: SubscriptionStatusValue | (string & {});
  /** Text next to the dot; the status in words by default. */
  label?: string;
  className?: string;
};

/** A subscription's status: a coloured dot and its text. */
export function SubscriptionStatus({ status, label, className }: SubscriptionStatusProps) {
  const tone = statusTone(status);
  return (
    <span
      className={cx('inline-flex items-center gap-2 text-sm font-medium text-slate-800', className)}
      data-tone={tone}
    >
      <span
        aria-hidden="true"
        className={cx('inline-block size-2.5 shrink-0 rounded-full', DOTS[tone])}
      />
      {label ?? statusText(status)}
    </span>
  );
}
