import { useState } from 'react';
import type { ScreenCoupon } from '../../../lib/api/coupon-mapper';
import type { CouponListArgs } from '../../../lib/api/coupons';
import { useSortCouponsMutation } from '../../../lib/api/coupons';
import { MESSAGES } from '@cc/contract';
import { showToast } from '../../../lib/toast';

/** Moves one item of a list from one index to another. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return next;
  next.splice(to, 0, moved);
  return next;
}

/**
 * The order the merchant is arranging. Reordering marks the list dirty until it is
 * saved; saving reorders the cached list at once and puts it back if the call fails.
 */
export function useCouponOrder(coupons: readonly ScreenCoupon[], listArgs: CouponListArgs | null) {
  const [order, setOrder] = useState<number[] | null>(null);
  const [sortCoupons, { isLoading: isSaving }] = useSortCouponsMutation();

  const byId = new Map(coupons.map((coupon) => [coupon.couponId, coupon]));
  const arranged = order
    ? [
        ...order.flatMap((id) => byId.get(id) ?? []),
        ...coupons.filter((coupon) => !order.includes(coupon.couponId)),
      ]
    : [...coupons];
  const isDirty = order !== null;

  function move(from: number, to: number) {
    if (from === to) return;
    setOrder(moveItem(arranged, from, to).map((coupon) => coupon.couponId));
  }

  async function save() {
    if (!order || !listArgs) return;
    const couponIds = arranged.map((coupon) => coupon.couponId);
    const result = await sortCoupons({ list: listArgs, couponIds });
    setOrder(null);
    if (!('error' in result)) showToast('success', MESSAGES.reorderSaved);
  }

  return { arranged, isDirty, isSaving, move, save };
}
