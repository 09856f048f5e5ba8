import { CouponCard } from '@cc/ui/coupon-card';
import type { Store } from '@cc/contract';
import { useClientConfig } from '../../../lib/brand-context';
import type { CouponFormValues } from '../hooks/use-coupon-form';
import { offerParts } from './offer-parts';

/** The live preview beside the form: the coupon card as the coupon site will show it. */
export function CouponPreview({ values, store }: { values: CouponFormValues; store: Store }) {
  const config = useClientConfig();
  return (
    <section aria-labelledby="coupon-preview-title" className="lg:sticky lg:top-4">
      <h2 id="coupon-preview-title" className="mb-3 text-lg font-bold text-slate-900">
        Preview
      </h2>
      <CouponCard
        merchantName={store.name}
        merchantLogoUrl={store.logo_url || null}
        storeUrl={store.website_url}
        {...offerParts(values, config)}
        description={values.description}
        destinationUrl={values.destinationUrl || store.website_url}
        headingLevel={3}
      />
    </section>
  );
}
