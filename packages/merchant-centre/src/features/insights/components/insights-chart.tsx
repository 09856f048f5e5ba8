import { useEffect, useId, useRef, useState } from 'react';
import type { InsightsCounts } from '@cc/contract';
import type { Palette } from '@cc/config';
import type { InsightsPoint } from '../api/insights';
import { buttonClasses, focusRing, useTheme } from '@cc/ui/theme';
import { cx } from '../../../lib/class-names';
import { canDrawCharts } from './can-draw-charts';
import { DailyTable } from './daily-table';
import { chartSummary, SERIES, seriesColours } from './insights-format';

export type InsightsChartProps = {
  daily: readonly InsightsPoint[];
  totals: InsightsCounts;
  days: number;
  from: string;
  to: string;
  palette: Palette;
  locale: string;
};

/** A legend swatch: the series' colour and dash, as drawn. */
function Swatch({ colour, dash }: { colour: string; dash: number[] | undefined }) {
  return (
    <svg width="28" height="10" aria-hidden="true" className="shrink-0">
      <line
        x1="1"
        y1="5"
        x2="27"
        y2="5"
        stroke={colour}
        strokeWidth="2.5"
        strokeDasharray={dash?.join(' ')}
      />
    </svg>
  );
}

/**
 * Views, code reveals and clicks per UTC day as lines (uPlot on a canvas, loaded with
 * the chart). The drawing is one keyboard stop whose name says the totals; 'Show as
 * table' opens the same figures as a table for anyone who cannot see the lines.
 */
export function InsightsChart({
  daily,
  totals,
  days,
  from,
  to,
  palette,
  locale,
}: InsightsChartProps) {
  const theme = useTheme();
  const box = useRef<HTMLDivElement>(null);
  const [isTableShown, setTableShown] = useState(false);
  const tableId = useId();
  const colours = seriesColours(palette);
  const summary = chartSummary({ days, from, to, totals, locale });

  useEffect(() => {
    const element = box.current;
    if (!element || !canDrawCharts()) return undefined;
    // uPlot loads beside the screen's data instead of before the screen; the box keeps its height meanwhile.
    let takeDown: (() => void) | null = null;
    let isGone = false;
    import('./draw-chart').then(
      ({ drawChart }) => {
        if (!isGone) takeDown = drawChart(element, { daily, palette, locale, days });
      },
      () => {
        // Without the drawing, the summary and 'Show as table' still carry the figures.
      },
    );
    return () => {
      isGone = true;
      takeDown?.();
    };
  }, [daily, palette, locale, days]);

  return (
    <div>
      <div
        role="img"
        tabIndex={0}
        aria-label={summary}
        className={cx('rounded-md', focusRing(theme))}
      >
        <div ref={box} aria-hidden="true" data-testid="insights-chart" className="min-h-[260px]" />
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-800" aria-label="Legend">
          {SERIES.map((series) => (
            <li key={series.key} className="flex items-center gap-2">
              <Swatch colour={colours[series.key]} dash={series.dash} />
              {series.label}
            </li>
          ))}
        </ul>
        <button
          type="button"
          aria-expanded={isTableShown}
          aria-controls={tableId}
          onClick={() => setTableShown((shown) => !shown)}
          className={buttonClasses(theme, { variant: 'secondary' })}
        >
          {isTableShown ? 'Hide table' : 'Show as table'}
        </button>
      </div>
      <div id={tableId} hidden={!isTableShown} className="mt-4">
        <DailyTable
          daily={daily}
          locale={locale}
          caption={`Views, code reveals and clicks per day, last ${days} days`}
        />
      </div>
    </div>
  );
}
