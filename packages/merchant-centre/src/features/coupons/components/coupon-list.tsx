import { lazy, Suspense } from 'react';
import { useIdle } from '../../../lib/use-idle';
import type { SortableCouponListProps } from './sortable-coupon-list';
import { StillCouponList } from './still-coupon-list';

export const DRAG_HINT_ID = 'coupon-drag-hint';

const SortableCouponList = lazy(() => import('./sortable-coupon-list').then((module) => ({ default: module.SortableCouponList })));

/**
 * The coupons in their order: with more than one, the drag-and-drop list, a chunk of
 * its own fetched once the rows show and the browser is idle; until its code is there
 * the same rows show without moving handles.
 */
export function CouponList({ coupons, onMove, onDelete }: SortableCouponListProps) {
  const isIdle = useIdle();
  if (coupons.length <= 1 || !isIdle) return <StillCouponList coupons={coupons} onDelete={onDelete} />;
  return (
    <Suspense fallback={<StillCouponList coupons={coupons} onDelete={onDelete} />}>
      <SortableCouponList coupons={coupons} onMove={onMove} onDelete={onDelete} />
    </Suspense>
  );
}
