import type { Palette } from '@cc/config';
import uPlot from 'uplot';
import type { InsightsPoint } from '../api/insights';
import { daySeconds, dayText, SERIES, seriesColours } from './insights-format';

export const CHART_HEIGHT = 260;

/** Whole-number steps on the count axis. */
const COUNT_STEPS = [
  1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000,
  1_000_000,
];
const AXIS = {
  stroke: '#334155',
  grid: { stroke: '#e2e8f0', width: 1 },
  ticks: { stroke: '#cbd5e1', width: 1 },
};

/** The series in uPlot's column form: days (UTC midnight, seconds), then views, reveals and clicks. */
export function chartData(daily: readonly InsightsPoint[]): uPlot.AlignedData {
  return [
    daily.map((point) => daySeconds(point.day)),
    ...SERIES.map((series) => daily.map((point) => point[series.key])),
  ];
}

/** Lines per day on UTC days, in the brand's colours and locale; no legend of uPlot's own (the screen draws one). */
export function chartOptions(params: {
  width: number;
  palette: Palette;
  locale: string;
  days: number;
}): uPlot.Options {
  const colours = seriesColours(params.palette);
  const numbers = new Intl.NumberFormat(params.locale);
  return {
    width: params.width,
    height: CHART_HEIGHT,
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
    scales: {
      x: { time: true },
      y: { range: (_plot, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] },
    },
    axes: [
      {
        ...AXIS,
        space: 64,
        values: (_plot, splits) =>
          splits.map((s) => dayText(new Date(s * 1000).toISOString().slice(0, 10), params.locale)),
      },
      {
        ...AXIS,
        incrs: COUNT_STEPS,
        values: (_plot, splits) => splits.map((s) => numbers.format(s)),
      },
    ],
    series: [
      {},
      ...SERIES.map((series) => ({
        label: series.label,
        stroke: colours[series.key],
        width: 2,
        dash: series.dash,
        points: { show: params.days <= 30, size: 5 },
      })),
    ],
  };
}
