import type { InsightsPoint } from '../api/insights';
import { focusRing, useTheme } from '@cc/ui/theme';
import { cx } from '../../../lib/class-names';
import { dayText } from './insights-format';

const CELL = 'px-3 py-2';

/** The chart's figures as a table: one row per UTC day, oldest first, in a box that scrolls. */
export function DailyTable({
  daily,
  locale,
  caption,
}: {
  daily: readonly InsightsPoint[];
  locale: string;
  caption: string;
}) {
  const numbers = new Intl.NumberFormat(locale);
  const theme = useTheme();
  // The box scrolls (90 rows), so it takes the keyboard's focus to scroll by arrow keys.
  return (
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className={cx('max-h-96 overflow-auto rounded-lg border border-slate-200', focusRing(theme))}
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-slate-50 text-slate-800">
          <tr>
            <th scope="col" className={`${CELL} font-semibold`}>
              Date
            </th>
            <th scope="col" className={`${CELL} text-right font-semibold`}>
              Views
            </th>
            <th scope="col" className={`${CELL} text-right font-semibold`}>
              Code reveals
            </th>
            <th scope="col" className={`${CELL} text-right font-semibold`}>
              Clicks
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 bg-white text-slate-700">
          {daily.map((point) => (
            <tr key={point.day}>
              <th scope="row" className={`${CELL} font-medium text-slate-900`}>
                <time dateTime={point.day}>
                  {dayText(point.day, locale, { withWeekday: true, withYear: true })}
                </time>
              </th>
              <td className={`${CELL} text-right tabular-nums`}>{numbers.format(point.views)}</td>
              <td className={`${CELL} text-right tabular-nums`}>{numbers.format(point.reveals)}</td>
              <td className={`${CELL} text-right tabular-nums`}>{numbers.format(point.clicks)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
