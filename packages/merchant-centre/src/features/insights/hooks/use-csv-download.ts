import { useDownloadInsightsCsvMutation } from '@cc/api';
import type { CsvFile } from '@cc/api';
import type { InsightsCsvTable, InsightsWindow } from '@cc/contract';

/** Saves a file the browser way: a temporary object URL behind a link with `download`. */
function saveFile(file: CsvFile) {
  // The byte order mark tells spreadsheets the file is UTF-8 (a £ or an accented description).
  const blob = new Blob(['\uFEFF', file.content], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * 'Download CSV' of the daily series or the coupon table: fetched with the merchant's
 * session (a plain link would go without the bearer token) and saved under the name
 * the server gives. A failure shows through the API's error list.
 */
export function useCsvDownload(days: InsightsWindow) {
  const [download] = useDownloadInsightsCsvMutation();
  return async function downloadCsv(table: InsightsCsvTable) {
    const result = await download({ table, days });
    if (result.data) saveFile(result.data);
  };
}
