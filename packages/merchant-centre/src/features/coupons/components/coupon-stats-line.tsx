import { useCouponStatsState } from '../api/coupon-stats';

const EMPTY = { views: 0, reveals: 0, clicks: 0 };

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * The coupon's last 30 days on the public store page, for the card's extra slot, from the
 * one GET /coupons/stats/ that the list asks for once it shows (CouponList); until it has
 * answered the line holds its place unseen, so the cards below do not move when the counts
 * arrive (a layout shift).
 */
export function CouponStatsLine({ couponId }: { couponId: number }) {
  const { counts, isSuccess, isError } = useCouponStatsState(undefined, {
    selectFromResult: ({ data, isSuccess: ok, isError: failed }) => ({
      counts: data?.[couponId] ?? EMPTY,
      isSuccess: ok,
      isError: failed,
    }),
  });
  if (isError) return null;
  // Until then the line is there, unseen, with zero counts (no data yet): it wraps as the counts will on a narrow screen.
  return (
    <p
      className={isSuccess ? 'text-sm text-slate-700' : 'invisible text-sm'}
      aria-hidden={isSuccess ? undefined : true}
    >
      Last 30 days: {plural(counts.views, 'view', 'views')} ·{' '}
      {plural(counts.reveals, 'code reveal', 'code reveals')} ·{' '}
      {plural(counts.clicks, 'click', 'clicks')}
    </p>
  );
}
