import { useParams } from 'react-router';
import { MerchantPlaceholder } from '../../shell/components/merchant-placeholder';

/** /coupons/:couponId: edit a coupon. */
export function CouponEditPage() {
  const { couponId } = useParams();
  return (
    <MerchantPlaceholder title="Your coupon information">
      <p className="sr-only">Coupon {couponId}</p>
    </MerchantPlaceholder>
  );
}

export { CouponEditPage as Component };
