import type { ScreenCoupon } from '../../../lib/api/coupon-mapper';
import { CouponRow } from './coupon-row';

/**
 * The rows in their order with handles that do not move: one coupon (nothing to
 * reorder), or more while the drag-and-drop list's code loads, laid out as that list.
 */
export function StillCouponList({
  coupons,
  onDelete,
}: {
  coupons: readonly ScreenCoupon[];
  onDelete: (coupon: ScreenCoupon) => void;
}) {
  const isSingle = coupons.length <= 1;
  return (
    <ul className={isSingle ? 'grid gap-4' : 'grid'}>
      {coupons.map((coupon, index) => (
        <li key={coupon.couponId} className={isSingle ? undefined : 'pb-4'}>
          <CouponRow
            coupon={coupon}
            position={index + 1}
            total={coupons.length}
            dragHandleProps={null}
            isDragging={false}
            onDelete={onDelete}
          />
        </li>
      ))}
    </ul>
  );
}
