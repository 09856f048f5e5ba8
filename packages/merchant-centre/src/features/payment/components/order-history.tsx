import type { Transaction } from '@cc/contract';
import { formatMoney } from '@cc/contract/money';
import { LoadingButton } from '@cc/ui/loading-button';
import { OrderTable } from '@cc/ui/order-table';
import { useClientConfig } from '../../../lib/brand-context';
import { useOrdersDownload } from '../hooks/use-orders-download';
import { formatUnixDate } from './dates';

/**
 * Order History: Order ID (#id), Date, Amount and 'View Receipt' ('Download invoice' beside
 * it once the order's invoice is issued); hidden when there are none. Beside the heading, 'Download CSV' saves every order of the store as a file.
 */
export function OrderHistory({
  count,
  transactions,
}: {
  count: number;
  transactions: readonly Transaction[];
}) {
  const { locale } = useClientConfig();
  const downloadOrders = useOrdersDownload();
  if (count === 0) return null;
  const orders = transactions.map((txn) => ({
    id: txn.id,
    date: formatUnixDate(txn.transaction_created),
    amount: formatMoney(txn.amount, { locale, currency: txn.currency }),
    receiptUrl: txn.receipt_url,
    invoiceUrl: txn.invoice_url ?? null,
    invoiceNumber: txn.invoice_number ?? null,
  }));
  return (
    <section aria-labelledby="order-history" className="mt-10">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="order-history" className="text-lg font-bold text-slate-900">
          Order History
        </h2>
        <LoadingButton variant="secondary" loadingText="Preparing..." onClick={downloadOrders}>
          Download CSV
        </LoadingButton>
      </div>
      <OrderTable aria-labelledby="order-history" orders={orders} />
    </section>
  );
}
