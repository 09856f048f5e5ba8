import { formatMoney } from '@cc/config';
import type { Transaction } from '@cc/contract';
import { linkClasses, useTheme } from '@cc/ui/theme';
import { formatUnixDate } from './dates';

/** Order History: Order ID (#id), Date, Amount and 'View Receipt'; hidden when there are none. */
export function OrderHistory({ count, transactions }: { count: number; transactions: readonly Transaction[] }) {
  const theme = useTheme();
  if (count === 0) return null;
  return (
    <section aria-labelledby="order-history" className="mt-10">
      <h2 id="order-history" className="mb-4 text-lg font-bold text-slate-900">
        Order History
      </h2>
      <div className="overflow-x-auto rounded-lg border border-slate-200">
        <table className="w-full min-w-[28rem] text-left text-sm">
          <thead className="bg-slate-50 text-slate-800">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                Order ID
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Date
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Amount
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                <span className="sr-only">Receipt</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 bg-white">
            {transactions.map((txn) => (
              <tr key={txn.id}>
                <td className="px-4 py-3 font-medium text-slate-900">#{txn.id}</td>
                <td className="px-4 py-3 text-slate-700">{formatUnixDate(txn.transaction_created)}</td>
                <td className="px-4 py-3 text-slate-700">{formatMoney(txn.amount, txn.currency)}</td>
                <td className="px-4 py-3">
                  <a
                    href={txn.receipt_url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`View Receipt for order #${txn.id}`}
                    className={linkClasses(theme)}
                  >
                    View Receipt
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
