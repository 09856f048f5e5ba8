import { useEffect } from 'react';
import { useParams } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query';
import type { ScreenCoupon } from '../../../lib/api/coupon-mapper';
import { useGetCouponQuery } from '../../../lib/api/coupons';
import type { Store } from '@cc/contract';
import { useClientConfig } from '../../../lib/brand-context';
import { useMerchant } from '../../../lib/use-merchant';
import {
  BackToCoupons,
  CouponEditorColumns,
  CouponEditorFrame,
  CouponEditorLoading,
  NoStoreNotice,
} from '../components/coupon-editor';
import { CouponForm } from '../components/coupon-form';
import { CouponPreview, preloadCouponPreview } from '../components/coupon-preview';
import { couponFormValues } from '../coupon-form-values';
import { useCouponForm } from '../hooks/use-coupon-form';

/** /coupons/{couponId}: edit a coupon. A coupon that fails to load just ends the loading. */
export function CouponEditPage() {
  const { couponId } = useParams();
  const { clientId } = useClientConfig();
  const { store, isLoading } = useMerchant();
  useEffect(preloadCouponPreview, []);
  const id = Number(couponId);
  const isValidId = Number.isInteger(id) && id > 0;
  const coupon = useGetCouponQuery(
    isValidId && store ? { couponId: id, client: clientId } : skipToken,
  );

  // As on /coupons/add: with a store known, the editor's heading at once, above the spinner.
  if (isLoading || coupon.isLoading) {
    return store ? (
      <CouponEditorFrame>
        <CouponEditorLoading />
      </CouponEditorFrame>
    ) : (
      <CouponEditorLoading />
    );
  }
  if (!store) return <NoStoreNotice />;
  const found = coupon.data && coupon.data.merchantId === store.id ? coupon.data : null;
  return (
    <CouponEditorFrame>
      {found ? (
        <EditCoupon key={found.couponId} coupon={found} store={store} />
      ) : (
        <div className="grid justify-items-start gap-4">
          <p className="text-slate-700">This coupon could not be found.</p>
          <BackToCoupons />
        </div>
      )}
    </CouponEditorFrame>
  );
}

function EditCoupon({ coupon, store }: { coupon: ScreenCoupon; store: Store }) {
  const form = useCouponForm({
    merchantId: store.id,
    coupon,
    initial: couponFormValues(coupon),
  });
  return (
    <CouponEditorColumns
      form={<CouponForm form={form} isEditing formError={form.formError} />}
      preview={<CouponPreview values={form.formik.values} store={store} />}
    />
  );
}

export { CouponEditPage as Component };
