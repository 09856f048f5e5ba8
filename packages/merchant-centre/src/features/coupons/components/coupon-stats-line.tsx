import { useGetCouponStatsQuery } from '@cc/api';

const EMPTY = { views: 0, reveals: 0, clicks: 0 };

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * The coupon's last 30 days on the public store page, for the card's extra slot.
 * All cards share one GET /coupons/stats/; until it answers an empty line holds the
 * place, so the cards below do not move when the counts arrive (a layout shift).
 */
export function CouponStatsLine({ couponId }: { couponId: number }) {
  const { counts, isSuccess, isError } = useGetCouponStatsQuery(undefined, {
    refetchOnMountOrArgChange: 30,
    selectFromResult: ({ data, isSuccess: ok, isError: failed }) => ({
      counts: data?.[couponId] ?? EMPTY,
      isSuccess: ok,
      isError: failed,
    }),
  });
  if (isError) return null;
  if (!isSuccess) {
    return (
      <p className="text-sm" aria-hidden="true">
        {'\u00a0'}
      </p>
    );
  }
  return (
    <p className="text-sm text-slate-700">
      Last 30 days: {plural(counts.views, 'view', 'views')} · {plural(counts.reveals, 'code reveal', 'code reveals')} ·{' '}
      {plural(counts.clicks, 'click', 'clicks')}
    </p>
  );
}
