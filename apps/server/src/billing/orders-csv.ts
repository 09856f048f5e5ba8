import { getClientConfig, type ClientId } from '@cc/config';
import type { Transaction } from '@cc/contract';
import { isoDate } from '../core/platform/clock';
import { csvFile } from '../core/render/csv';

/** The Order History download: one row per paid order, newest first. */
export const ORDER_CSV_COLUMNS = [
  'Order ID',
  'Date',
  'Description',
  'Amount',
  'Currency',
  'Status',
  'Receipt',
] as const;

/** Minor units as a plain decimal with two places: 1999 -> 19.99. */
function amountOf(minor: number): string {
  return (minor / 100).toFixed(2);
}

export function ordersCsv(params: {
  transactions: readonly Transaction[];
  description: string;
}): string {
  const rows = params.transactions.map((txn) => [
    txn.id,
    isoDate(new Date(txn.transaction_created * 1000)),
    params.description,
    amountOf(txn.amount),
    txn.currency.toUpperCase(),
    'Paid',
    txn.receipt_url,
  ]);
  return csvFile([ORDER_CSV_COLUMNS, ...rows]);
}

const fileSafe = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** `<brand>-<store slug>-orders-<yyyy-mm-dd>.csv`, the date from the app's clock. */
export function ordersFilename(params: { client: ClientId; storeSlug: string; now: Date }): string {
  const parts = [
    fileSafe(getClientConfig(params.client).appName),
    fileSafe(params.storeSlug),
    'orders',
    isoDate(params.now),
  ];
  return `${parts.filter(Boolean).join('-')}.csv`;
}
