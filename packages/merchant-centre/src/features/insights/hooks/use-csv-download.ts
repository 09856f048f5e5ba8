import { useDownloadInsightsCsvMutation } from '../api/insights';
import type { InsightsCsvTable, InsightsWindow } from '@cc/contract';
import { saveCsvFile } from '../../../lib/save-csv-file';

/**
 * 'Download CSV' of the daily series or the coupon table: fetched with the merchant's
 * session (a plain link would go without the bearer token) and saved under the name
 * the server gives. A failure shows through the API's error list.
 */
export function useCsvDownload(days: InsightsWindow) {
  const [download] = useDownloadInsightsCsvMutation();
  return async function downloadCsv(table: InsightsCsvTable) {
    const result = await download({ table, days });
    if (result.data) saveCsvFile(result.data);
  };
}
