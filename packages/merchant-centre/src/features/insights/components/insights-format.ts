import type { InsightsCounts } from '@cc/contract';
import type { Palette } from '@cc/config';

export type SeriesKey = keyof InsightsCounts;

/** The chart's three lines: the brand's colour for views; reveals and clicks apart by colour and by dash. */
export const SERIES: readonly { key: SeriesKey; label: string; dash: number[] | undefined }[] = [
  { key: 'views', label: 'Views', dash: undefined },
  { key: 'reveals', label: 'Code reveals', dash: [8, 4] },
  { key: 'clicks', label: 'Clicks', dash: [2, 3] },
];

/** Line colours on white, each above 4.5:1: the brand's primary, slate-600 and teal-700. */
export function seriesColours(palette: Palette): Record<SeriesKey, string> {
  return { views: palette.primary, reveals: '#475569', clicks: '#0f766e' };
}

const NAMES: Record<SeriesKey, [string, string]> = {
  views: ['view', 'views'],
  reveals: ['code reveal', 'code reveals'],
  clicks: ['click', 'clicks'],
};

/** '1 view', '2,345 code reveals'. */
export function countText(key: SeriesKey, count: number, locale: string): string {
  const [one, many] = NAMES[key];
  return `${new Intl.NumberFormat(locale).format(count)} ${count === 1 ? one : many}`;
}

/** Midnight UTC of a yyyy-MM-dd day, in seconds. */
export const daySeconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/** A UTC day in the brand's locale: '7 Mar' (UK), 'Mar 7' (US); with `withWeekday`, 'Sat 7 Mar'. */
export function dayText(
  day: string,
  locale: string,
  options: { withWeekday?: boolean; withYear?: boolean } = {},
): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    ...(options.withWeekday ? { weekday: 'short' } : {}),
    ...(options.withYear ? { year: 'numeric' } : {}),
  }).format(new Date(daySeconds(day) * 1000));
}

/** What the chart shows, in words: its accessible name. */
export function chartSummary(params: {
  days: number;
  from: string;
  to: string;
  totals: InsightsCounts;
  locale: string;
}): string {
  const { totals, locale } = params;
  const range = `${dayText(params.from, locale, { withYear: true })} to ${dayText(params.to, locale, { withYear: true })}`;
  const counts = SERIES.map((series) => countText(series.key, totals[series.key], locale)).join(
    ', ',
  );
  return `Views, code reveals and clicks per day, last ${params.days} days (${range}): ${counts} in total.`;
}
