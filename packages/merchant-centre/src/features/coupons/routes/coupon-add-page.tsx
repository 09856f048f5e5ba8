import { MerchantPlaceholder } from '../../shell/components/merchant-placeholder';

/** /coupons/add: create a coupon. */
export function CouponAddPage() {
  return <MerchantPlaceholder title="Your coupon information" />;
}

export { CouponAddPage as Component };
