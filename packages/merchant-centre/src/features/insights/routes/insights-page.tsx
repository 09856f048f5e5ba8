import { useState } from 'react';
import { Navigate } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query';
import { useGetInsightsQuery } from '../api/insights';
import { DEFAULT_INSIGHTS_WINDOW, type InsightsWindow } from '@cc/contract/insights';
import { useClientConfig } from '../../../lib/brand-context';
import { useMerchant } from '../../../lib/use-merchant';
import { InsightsView, type InsightsState } from '../components/insights-view';
import { useCsvDownload } from '../hooks/use-csv-download';

/**
 * /insights: the store's views, code reveals and clicks over the last 7, 30 or 90
 * days, drawn per day and listed per coupon, each downloadable as CSV. A merchant
 * without a store goes to /my-store first.
 */
export function InsightsPage() {
  const config = useClientConfig();
  const merchant = useMerchant();
  const [days, setDays] = useState<InsightsWindow>(DEFAULT_INSIGHTS_WINDOW);
  const query = useGetInsightsQuery(merchant.store ? { days } : skipToken);
  const downloadCsv = useCsvDownload(days);

  if (!merchant.isLoading && !merchant.store) return <Navigate to="/my-store" replace />;
  const state: InsightsState = query.isError
    ? { status: 'error' }
    : query.data
      ? { status: 'ready', insights: query.data, isRefreshing: query.isFetching }
      : { status: 'loading' };
  return (
    <InsightsView
      days={days}
      onDaysChange={setDays}
      state={state}
      onDownload={downloadCsv}
      palette={config.palette}
      locale={config.locale}
    />
  );
}

export { InsightsPage as Component };
