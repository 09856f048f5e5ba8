import { useDownloadOrdersCsvMutation } from '../../../lib/api/billing';
import { saveCsvFile } from '../../../lib/save-csv-file';

/**
 * The Order History download: fetches the CSV with the merchant's session (the
 * call needs the bearer token, so a plain link cannot do it) and saves it under
 * the name the server gives. A failure shows through the API's error list.
 */
export function useOrdersDownload() {
  const [download] = useDownloadOrdersCsvMutation();
  return async function downloadOrders() {
    const result = await download();
    if (result.data) saveCsvFile(result.data);
  };
}
