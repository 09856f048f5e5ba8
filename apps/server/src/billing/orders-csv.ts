import { getClientConfig, type ClientId } from '@cc/config';
import type { Transaction } from '@cc/contract';
import { isoDate } from '../clock';

/** The Order History download: one row per paid order, newest first. */
export const ORDER_CSV_COLUMNS = ['Order ID', 'Date', 'Description', 'Amount', 'Currency', 'Status', 'Receipt'] as const;

/** Spreadsheets open a UTF-8 file as UTF-8 (a store or plan name with £ or é) only with the byte order mark. */
const BOM = '\uFEFF';

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break,
 * quotes doubled. A text starting with = + - @ or a tab would run as a formula in a
 * spreadsheet, so it gets a leading apostrophe (the OWASP advice for CSV injection).
 */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Minor units as a plain decimal with two places: 1999 -> 19.99. */
function amountOf(minor: number): string {
  return (minor / 100).toFixed(2);
}

/** Rows end in CRLF, as RFC 4180 says. */
export function ordersCsv(params: { transactions: readonly Transaction[]; description: string }): string {
  const rows = params.transactions.map((txn) => [
    txn.id,
    isoDate(new Date(txn.transaction_created * 1000)),
    params.description,
    amountOf(txn.amount),
    txn.currency.toUpperCase(),
    'Paid',
    txn.receipt_url,
  ]);
  return BOM + [[...ORDER_CSV_COLUMNS], ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

const fileSafe = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** `<brand>-<store slug>-orders-<yyyy-mm-dd>.csv`, the date from the app's clock. */
export function ordersFilename(params: { client: ClientId; storeSlug: string; now: Date }): string {
  const parts = [fileSafe(getClientConfig(params.client).appName), fileSafe(params.storeSlug), 'orders', isoDate(params.now)];
  return `${parts.filter(Boolean).join('-')}.csv`;
}
