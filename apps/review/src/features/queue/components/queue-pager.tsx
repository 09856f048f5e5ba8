const NUMBER = new Intl.NumberFormat('en-GB');

/** "1–20 of 10,000": where the shown page sits in the queue. */
export function rangeText(params: { offset: number; shown: number; count: number }): string {
  const { offset, shown, count } = params;
  if (shown === 0) return `0 of ${NUMBER.format(count)}`;
  return `${NUMBER.format(offset + 1)}–${NUMBER.format(offset + shown)} of ${NUMBER.format(count)}`;
}

type PagerProps = {
  range: string;
  hasPrevious: boolean;
  hasNext: boolean;
  busy: boolean;
  onPrevious: () => void;
  onNext: () => void;
};

/**
 * Previous / Next through the queue with the range shown. The buttons stay focusable
 * when there is no page that way (aria-disabled, not disabled), so the focus stays on
 * the button just pressed at either end; the range is announced as it changes.
 */
export function QueuePager({ range, hasPrevious, hasNext, busy, onPrevious, onNext }: PagerProps) {
  const button = (props: { label: string; enabled: boolean; onPress: () => void }) => {
    const inert = !props.enabled || busy;
    return (
      <button
        type="button"
        aria-disabled={inert}
        className={`rounded px-3 py-1 shadow ${inert ? 'cursor-not-allowed bg-slate-100 text-slate-400' : 'bg-white'}`}
        onClick={() => {
          if (!inert) props.onPress();
        }}
      >
        {props.label}
      </button>
    );
  };
  return (
    <div
      role="group"
      aria-label="Pages"
      className="flex items-center justify-between gap-2 text-sm"
    >
      {button({ label: 'Previous', enabled: hasPrevious, onPress: onPrevious })}
      <span role="status" aria-live="polite" className="text-slate-600">
        {range}
      </span>
      {button({ label: 'Next', enabled: hasNext, onPress: onNext })}
    </div>
  );
}
