import { lazy, Suspense } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useGetCouponStatsQuery } from '../api/coupon-stats';
import { useIdle } from '../../../lib/use-idle';
import type { SortableCouponListProps } from './sortable-coupon-list';
import { StillCouponList } from './still-coupon-list';

export const DRAG_HINT_ID = 'coupon-drag-hint';

const SortableCouponList = lazy(() =>
  import('./sortable-coupon-list').then((module) => ({ default: module.SortableCouponList })),
);

/**
 * The coupons in their order: with more than one, the drag-and-drop list, a chunk of
 * its own fetched once the rows show and the browser is idle; until its code is there
 * the same rows show without moving handles. The rows' counts (CouponStatsLine) are asked
 * for at that idle moment too, so the rows paint without waiting for them.
 */
export function CouponList({ coupons, onMove, onDelete }: SortableCouponListProps) {
  const isIdle = useIdle();
  useGetCouponStatsQuery(isIdle ? undefined : skipToken, { refetchOnMountOrArgChange: 30 });
  if (coupons.length <= 1 || !isIdle)
    return <StillCouponList coupons={coupons} onDelete={onDelete} />;
  return (
    <Suspense fallback={<StillCouponList coupons={coupons} onDelete={onDelete} />}>
      <SortableCouponList coupons={coupons} onMove={onMove} onDelete={onDelete} />
    </Suspense>
  );
}
