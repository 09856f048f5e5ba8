import { useEffect } from 'react';
import { newCouponFormValues } from '../coupon-form-values';
import { MAX_COUPONS_PER_STORE } from '@cc/config';
import type { Store } from '@cc/contract';
import { MESSAGES } from '@cc/contract';
import { Banner } from '@cc/ui/banner';
import {
  BackToCoupons,
  CouponEditorColumns,
  CouponEditorFrame,
  CouponEditorLoading,
  NoStoreNotice,
} from '../components/coupon-editor';
import { CouponForm } from '../components/coupon-form';
import { CouponPreview, preloadCouponPreview } from '../components/coupon-preview';
import { useCouponForm } from '../hooks/use-coupon-form';
import { useStoreCoupons } from '../hooks/use-store-coupons';

/** /coupons/add: a new coupon (sitewide percent, minimum 10, savings 20, a month from today); only under 10 coupons. */
export function CouponAddPage() {
  const { store, count, isLoading } = useStoreCoupons();
  useEffect(preloadCouponPreview, []);
  // With a store known (the stored user's, until /auth/me/ answers) every outcome has the editor's
  // heading: it shows at once, above the spinner, and stays as the form replaces the spinner.
  if (isLoading)
    return store ? (
      <CouponEditorFrame>
        <CouponEditorLoading />
      </CouponEditorFrame>
    ) : (
      <CouponEditorLoading />
    );
  if (!store) return <NoStoreNotice />;
  if (count >= MAX_COUPONS_PER_STORE) {
    return (
      <CouponEditorFrame>
        <div className="grid justify-items-start gap-4">
          <Banner variant="warning" title={MESSAGES.couponLimit} />
          <BackToCoupons />
        </div>
      </CouponEditorFrame>
    );
  }
  return (
    <CouponEditorFrame>
      <NewCoupon store={store} />
    </CouponEditorFrame>
  );
}

function NewCoupon({ store }: { store: Store }) {
  const form = useCouponForm({
    merchantId: store.id,
    coupon: null,
    initial: newCouponFormValues({ websiteUrl: store.website_url }),
  });
  return (
    <CouponEditorColumns
      form={<CouponForm form={form} isEditing={false} formError={form.formError} />}
      preview={<CouponPreview values={form.formik.values} store={store} />}
    />
  );
}

export { CouponAddPage as Component };
