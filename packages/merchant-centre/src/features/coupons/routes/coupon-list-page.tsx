import { MerchantPlaceholder } from '../../shell/components/merchant-placeholder';

/** /coupons: the coupon list. */
export function CouponListPage() {
  return <MerchantPlaceholder title="My coupons" />;
}

export { CouponListPage as Component };
