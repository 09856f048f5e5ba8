import type { ReactNode } from 'react';
import type { ScreenInsights } from '../api/insights';
import type { Palette } from '@cc/config';
import {
  clickThroughRate,
  formatRate,
  type InsightsCsvTable,
  type InsightsWindow,
} from '@cc/contract/insights';
import { LoadingButton } from '@cc/ui/loading-button';
import { Spinner } from '@cc/ui/spinner';
import { CouponInsightsTable } from './coupon-insights-table';
import { InsightsChart } from './insights-chart';
import { dayText } from './insights-format';
import { WindowSwitch } from './window-switch';
import { LoadFailedBanner } from '../../../lib/load-failed-banner';

export type InsightsState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; insights: ScreenInsights; isRefreshing?: boolean };

export type InsightsViewProps = {
  days: InsightsWindow;
  onDaysChange: (days: InsightsWindow) => void;
  state: InsightsState;
  onDownload: (table: InsightsCsvTable) => Promise<void>;
  palette: Palette;
  locale: string;
};

/** A titled table of the screen, with the button that downloads it as CSV. */
function Section({
  table,
  title,
  onDownload,
  children,
}: {
  table: InsightsCsvTable;
  title: string;
  onDownload: InsightsViewProps['onDownload'];
  children: ReactNode;
}) {
  const id = `insights-${table}`;
  return (
    <section aria-labelledby={id} className="mt-10">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-lg font-bold text-slate-900">
          {title}
        </h2>
        <LoadingButton
          variant="secondary"
          loadingText="Preparing..."
          aria-label={`Download CSV of ${title.toLowerCase()}`}
          onClick={() => onDownload(table)}
        >
          Download CSV
        </LoadingButton>
      </div>
      {children}
    </section>
  );
}

function Totals({ insights, locale }: { insights: ScreenInsights; locale: string }) {
  const numbers = new Intl.NumberFormat(locale);
  const ctr = clickThroughRate(insights.totals);
  const figures: [string, string][] = [
    ['Views', numbers.format(insights.totals.views)],
    ['Code reveals', numbers.format(insights.totals.reveals)],
    ['Clicks', numbers.format(insights.totals.clicks)],
    ['Click-through rate', ctr === null ? '—' : formatRate(ctr)],
  ];
  return (
    <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
      {figures.map(([name, value]) => (
        <div key={name} className="rounded-lg border border-slate-200 bg-white px-4 py-3">
          <dt className="text-sm text-slate-700">{name}</dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Ready({
  insights,
  onDownload,
  palette,
  locale,
}: { insights: ScreenInsights } & Omit<InsightsViewProps, 'days' | 'onDaysChange' | 'state'>) {
  return (
    <>
      <p className="mt-2 text-sm text-slate-700">
        Last {insights.days} days: {dayText(insights.from, locale, { withYear: true })} to{' '}
        {dayText(insights.to, locale, { withYear: true })} (UTC days)
      </p>
      {insights.isEmpty ? (
        <div className="mt-8 rounded-lg border border-dashed border-slate-300 p-8 text-center">
          <h2 className="text-lg font-semibold text-slate-900">No visits yet</h2>
          <p className="mt-2 text-sm text-slate-700">
            When shoppers view your coupon page, reveal a code or click through to your site, the
            counts show here.
          </p>
        </div>
      ) : (
        <>
          <Totals insights={insights} locale={locale} />
          <Section table="daily" title="Visits per day" onDownload={onDownload}>
            <InsightsChart
              daily={insights.daily}
              totals={insights.totals}
              days={insights.days}
              from={insights.from}
              to={insights.to}
              palette={palette}
              locale={locale}
            />
          </Section>
          <Section table="coupons" title="Your coupons" onDownload={onDownload}>
            <CouponInsightsTable
              coupons={insights.coupons}
              locale={locale}
              aria-labelledby="insights-coupons"
            />
          </Section>
        </>
      )}
    </>
  );
}

/** The Insights screen as shown: the period switch, then loading, an error, no visits yet, or the figures. */
export function InsightsView({ days, onDaysChange, state, ...ready }: InsightsViewProps) {
  return (
    <div
      className="mx-auto max-w-5xl px-4 py-8"
      aria-busy={state.status === 'loading' || (state.status === 'ready' && state.isRefreshing)}
    >
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-slate-900">Insights</h1>
        <WindowSwitch days={days} onChange={onDaysChange} />
      </div>
      {state.status === 'loading' && (
        <div className="flex justify-center py-16">
          <Spinner size="lg" label="Loading" />
        </div>
      )}
      {state.status === 'error' && <LoadFailedBanner what="Your insights" className="mt-6" />}
      {state.status === 'ready' && <Ready insights={state.insights} {...ready} />}
    </div>
  );
}
