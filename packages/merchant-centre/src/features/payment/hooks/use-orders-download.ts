import { useDownloadOrdersCsvMutation } from '@cc/api';
import type { OrdersCsvFile } from '@cc/api';

/** Saves a file the browser way: a temporary object URL behind a link with `download`. */
function saveFile(file: OrdersCsvFile) {
  // The byte order mark tells spreadsheets the file is UTF-8 (a £ or an accented store name).
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
 * The Order History download: fetches the CSV with the merchant's session (the
 * call needs the bearer token, so a plain link cannot do it) and saves it under
 * the name the server gives. A failure shows through the API's error list.
 */
export function useOrdersDownload() {
  const [download] = useDownloadOrdersCsvMutation();
  return async function downloadOrders() {
    const result = await download();
    if (result.data) saveFile(result.data);
  };
}
