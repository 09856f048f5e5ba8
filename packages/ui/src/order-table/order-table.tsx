import type { ThemeClasses } from '@cc/config';
import { cx, linkClasses } from '../theme/class-names';
import { useTheme } from '../theme/theme-context';

/** One order of the history, formatted for display by the screen. */
export type Order = {
  id: number | string;
  /** e.g. '2025-11-21'. */
  date: string;
  /** e.g. '£19.99'. */
  amount: string;
  receiptUrl: string;
  /** The invoice PDF, when one was issued: a 'Download invoice' link beside the receipt. */
  invoiceUrl?: string | null;
  /** The invoice's number (e.g. 'VN-000042'): the saved file is named after it. */
  invoiceNumber?: string | null;
};

export type OrderTableProps = {
  orders: readonly Order[];
  /** The id of the heading that names the table (e.g. 'Order History'). */
  'aria-labelledby'?: string;
  className?: string;
  theme?: Partial<ThemeClasses>;
};

/*
 * Below a 28rem container (a phone) each order is a small card: the header row is
 * visually hidden and every cell shows its column's name above its value. The name
 * comes from `data-label` through CSS, with empty alternative text (`/ ''`) so that
 * assistive tech, which already announces the column header, does not hear it twice.
 */
const CELL = 'px-4 py-3 @max-md:p-0';
const LABELLED = cx(
  CELL,
  '@max-md:before:block @max-md:before:text-xs @max-md:before:font-semibold @max-md:before:text-slate-600',
  "@max-md:before:content-[attr(data-label)_/_'']",
);

/**
 * Orders as a table: Order ID (#id), Date, Amount and a 'View Receipt' link that
 * opens the receipt in a new tab, with 'Download invoice' beside it on an order that
 * has an invoice (saved as its number, e.g. VN-000042.pdf). It fits a phone without scrolling sideways by
 * stacking each row; the explicit table roles keep it a table for screen readers
 * when CSS changes the rows' display (Safari drops the semantics otherwise).
 */
export function OrderTable({
  orders,
  'aria-labelledby': labelledBy,
  className,
  theme,
}: OrderTableProps) {
  const resolved = useTheme(theme);
  return (
    <div className={cx('@container overflow-x-auto rounded-lg border border-slate-200', className)}>
      <table
        role="table"
        aria-labelledby={labelledBy}
        className="w-full text-left text-sm @max-md:block"
      >
        <thead role="rowgroup" className="bg-slate-50 text-slate-800 @max-md:sr-only">
          <tr role="row">
            <th role="columnheader" scope="col" className="px-4 py-3 font-semibold">
              Order ID
            </th>
            <th role="columnheader" scope="col" className="px-4 py-3 font-semibold">
              Date
            </th>
            <th role="columnheader" scope="col" className="px-4 py-3 font-semibold">
              Amount
            </th>
            <th role="columnheader" scope="col" className="px-4 py-3 font-semibold">
              <span className="sr-only">Receipt</span>
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup" className="divide-y divide-slate-200 bg-white @max-md:block">
          {orders.map((order) => (
            <tr
              role="row"
              key={order.id}
              className="@max-md:grid @max-md:grid-cols-2 @max-md:gap-x-4 @max-md:gap-y-2 @max-md:px-4 @max-md:py-3"
            >
              <td
                role="cell"
                data-label="Order ID"
                className={cx(LABELLED, 'font-medium break-words text-slate-900')}
              >
                #{order.id}
              </td>
              <td role="cell" data-label="Date" className={cx(LABELLED, 'text-slate-700')}>
                {order.date}
              </td>
              <td role="cell" data-label="Amount" className={cx(LABELLED, 'text-slate-700')}>
                {order.amount}
              </td>
              <td role="cell" className={cx(CELL, '@max-md:self-end')}>
                <span className="flex flex-wrap gap-x-4 gap-y-1">
                  <a
                    href={order.receiptUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`View Receipt for order #${order.id}`}
                    className={linkClasses(resolved)}
                  >
                    View Receipt
                  </a>
                  {order.invoiceUrl && (
                    <a
                      href={order.invoiceUrl}
                      download={`${order.invoiceNumber ?? `invoice-${order.id}`}.pdf`}
                      aria-label={`Download invoice for order #${order.id}`}
                      className={linkClasses(resolved)}
                    >
                      Download invoice
                    </a>
                  )}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
