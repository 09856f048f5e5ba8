import { formatRate } from '@cc/contract/insights';
import type { InsightsCouponRow } from '../api/insights';
import { cx } from '../../../lib/class-names';

export type CouponInsightsTableProps = {
  coupons: readonly InsightsCouponRow[];
  locale: string;
  /** The id of the heading that names the table. */
  'aria-labelledby'?: string;
};

/*
 * Below a 32rem container (a phone) each coupon is a small card: the header row is
 * visually hidden and every figure shows its column's name above it (from
 * data-label, with empty alternative text so screen readers do not hear it twice).
 */
const CELL = 'px-4 py-3 @max-lg:p-0';
const FIGURE = cx(
  CELL,
  'text-right tabular-nums text-slate-700 @max-lg:text-left',
  '@max-lg:before:block @max-lg:before:text-xs @max-lg:before:font-semibold @max-lg:before:text-slate-600',
  "@max-lg:before:content-[attr(data-label)_/_'']",
);
const HEAD = 'px-4 py-3 font-semibold';

/** A rate, or a dash while there is none ('—' for no views yet, or no shopper feedback yet). */
function Rate({ rate, missing }: { rate: number | null; missing: string }) {
  if (rate !== null) return <>{formatRate(rate)}</>;
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{missing}</span>
    </>
  );
}

/**
 * Each coupon's views, code reveals, clicks, click-through rate (clicks per view)
 * and shopper feedback success rate over the chosen window, in the merchant's order.
 */
export function CouponInsightsTable({
  coupons,
  locale,
  'aria-labelledby': labelledBy,
}: CouponInsightsTableProps) {
  const numbers = new Intl.NumberFormat(locale);
  return (
    <div className="@container overflow-x-auto rounded-lg border border-slate-200">
      <table
        role="table"
        aria-labelledby={labelledBy}
        className="w-full text-left text-sm @max-lg:block"
      >
        <thead role="rowgroup" className="bg-slate-50 text-slate-800 @max-lg:sr-only">
          <tr role="row">
            <th role="columnheader" scope="col" className={HEAD}>
              Coupon
            </th>
            {['Views', 'Code reveals', 'Clicks', 'Click-through rate', 'Feedback success'].map(
              (name) => (
                <th key={name} role="columnheader" scope="col" className={cx(HEAD, 'text-right')}>
                  {name}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody role="rowgroup" className="divide-y divide-slate-200 bg-white @max-lg:block">
          {coupons.map((coupon) => (
            <tr
              role="row"
              key={coupon.couponId}
              className="@max-lg:grid @max-lg:grid-cols-3 @max-lg:gap-x-4 @max-lg:gap-y-2 @max-lg:px-4 @max-lg:py-3"
            >
              <th
                role="rowheader"
                scope="row"
                className={cx(CELL, 'font-normal @max-lg:col-span-3')}
              >
                <span className="block font-semibold text-slate-900">{coupon.headline}</span>
                <span className="block text-slate-700">{coupon.description}</span>
              </th>
              <td role="cell" data-label="Views" className={FIGURE}>
                {numbers.format(coupon.views)}
              </td>
              <td role="cell" data-label="Code reveals" className={FIGURE}>
                {numbers.format(coupon.reveals)}
              </td>
              <td role="cell" data-label="Clicks" className={FIGURE}>
                {numbers.format(coupon.clicks)}
              </td>
              <td role="cell" data-label="Click-through rate" className={FIGURE}>
                <Rate rate={coupon.ctr} missing="No views yet" />
              </td>
              <td role="cell" data-label="Feedback success" className={FIGURE}>
                <Rate rate={coupon.feedback} missing="No shopper feedback yet" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
