import type { Transaction } from '@cc/contract';
import { formatMoney } from '@cc/contract/money';
import { OrderTable } from '@cc/ui/order-table';
import { useClientConfig } from '../../../app/brand-context';
import { formatUnixDate } from './dates';

/** Order History: Order ID (#id), Date, Amount and 'View Receipt'; hidden when there are none. */
export function OrderHistory({ count, transactions }: { count: number; transactions: readonly Transaction[] }) {
  const { locale } = useClientConfig();
  if (count === 0) return null;
  const orders = transactions.map((txn) => ({
    id: txn.id,
    date: formatUnixDate(txn.transaction_created),
    amount: formatMoney(txn.amount, { locale, currency: txn.currency }),
    receiptUrl: txn.receipt_url,
  }));
  return (
    <section aria-labelledby="order-history" className="mt-10">
      <h2 id="order-history" className="mb-4 text-lg font-bold text-slate-900">
        Order History
      </h2>
      <OrderTable aria-labelledby="order-history" orders={orders} />
    </section>
  );
}
