import { lazy, Suspense } from 'react';
import type { SortableCouponListProps } from './sortable-coupon-list';
import { StillCouponList } from './still-coupon-list';

export const DRAG_HINT_ID = 'coupon-drag-hint';

const loadSortableList = () => import('./sortable-coupon-list');

const SortableCouponList = lazy(() => loadSortableList().then((module) => ({ default: module.SortableCouponList })));

/** Starts fetching the drag-and-drop list's code (with its library) beside the screen's data. */
export function preloadSortableList(): void {
  loadSortableList().catch(() => {
    // Fetched again when the list renders; a failure then reaches the route's error screen.
  });
}

/**
 * The coupons in their order: with more than one, the drag-and-drop list, a chunk of
 * its own; until its code is there the same rows show without moving handles.
 */
export function CouponList({ coupons, onMove, onDelete }: SortableCouponListProps) {
  if (coupons.length <= 1) return <StillCouponList coupons={coupons} onDelete={onDelete} />;
  return (
    <Suspense fallback={<StillCouponList coupons={coupons} onDelete={onDelete} />}>
      <SortableCouponList coupons={coupons} onMove={onMove} onDelete={onDelete} />
    </Suspense>
  );
}
