import { INSIGHTS_WINDOWS, type InsightsWindow } from '@cc/contract/insights';
import { focusRing, useTheme } from '@cc/ui/theme';
import { cx } from '../../../lib/class-names';

/** 7 / 30 / 90 days: one pressed at a time. */
export function WindowSwitch({
  days,
  onChange,
}: {
  days: InsightsWindow;
  onChange: (days: InsightsWindow) => void;
}) {
  const theme = useTheme();
  return (
    <div
      role="group"
      aria-label="Period"
      className="inline-flex overflow-hidden rounded-md border border-slate-300 bg-white"
    >
      {INSIGHTS_WINDOWS.map((option) => {
        const isPressed = option === days;
        return (
          <button
            key={option}
            type="button"
            aria-pressed={isPressed}
            onClick={() => onChange(option)}
            className={cx(
              'min-h-10 px-4 py-2 text-sm font-semibold not-first:border-l not-first:border-slate-300',
              focusRing(theme),
              'focus-visible:-outline-offset-4',
              isPressed ? cx('text-white', theme.primaryColor) : 'text-slate-800 hover:bg-slate-50',
            )}
          >
            {option} days
          </button>
        );
      })}
    </div>
  );
}
