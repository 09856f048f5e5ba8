import { errorMessage } from '@cc/api/errors';
import { FEEDBACK_LATEST_ANSWERS, FEEDBACK_MIN_ANSWERS } from '@cc/contract/coupon-feedback';
import { Banner } from '@cc/ui/banner';
import { useAutoHide } from '../../../lib/use-auto-hide';
import { FAILING_POLL_MS, useFailingCouponsQuery } from '../coupon-feedback-api';

/**
 * Codes shoppers report as not working: live coupons with at least 3 answers to
 * "Did this code work?" whose last 20 are mostly No, with their store and the Yes/No counts.
 */
export function FailingCodes() {
  const { data, error, isLoading, isFetching } = useFailingCouponsQuery(undefined, {
    pollingInterval: FAILING_POLL_MS,
  });
  const shownError = useAutoHide(error);
  const results = data?.results ?? [];
  return (
    <section
      aria-labelledby="failing-codes-title"
      className="mx-auto flex max-w-7xl flex-col gap-3 p-6"
    >
      <h2 id="failing-codes-title" className="text-xl font-bold">
        Codes reported not working
      </h2>
      <p className="text-sm text-slate-600">
        Live coupons with at least {FEEDBACK_MIN_ANSWERS} answers to “Did this code work?” whose
        last {FEEDBACK_LATEST_ANSWERS} are mostly No.
      </p>
      {isLoading && <p>Loading the reported codes…</p>}
      {shownError && <Banner variant="error">{errorMessage(shownError)}</Banner>}
      {data && results.length === 0 && (
        <p className="text-sm text-slate-600">No code is reported as not working.</p>
      )}
      {results.length > 0 && (
        <table
          aria-busy={isFetching}
          className="w-full overflow-hidden rounded-md bg-white text-left text-sm shadow"
        >
          <thead className="bg-slate-100 text-xs uppercase text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2">
                Store
              </th>
              <th scope="col" className="px-3 py-2">
                Coupon
              </th>
              <th scope="col" className="px-3 py-2">
                Code
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Yes
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                No
              </th>
            </tr>
          </thead>
          <tbody>
            {results.map((row) => (
              <tr key={row.coupon.id} className="border-t border-slate-200">
                <td className="px-3 py-2">
                  <span className="font-semibold">{row.store.name}</span>
                  <span className="block text-xs text-slate-600">Client {row.store.client}</span>
                </td>
                <td className="px-3 py-2">
                  <span className="font-semibold">{row.coupon.headline}</span>
                  <span className="block text-xs text-slate-600">{row.coupon.description}</span>
                </td>
                <td className="px-3 py-2 font-mono">{row.coupon.discount_code}</td>
                <td className="px-3 py-2 text-right tabular-nums">{row.yes}</td>
                <td className="px-3 py-2 text-right font-semibold tabular-nums text-red-700">
                  {row.no}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
