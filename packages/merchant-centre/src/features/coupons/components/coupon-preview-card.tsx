import { CouponCard } from '@cc/ui/coupon-card';
import type { Store } from '@cc/contract';
import { useClientConfig } from '../../../lib/brand-context';
import { formOffer, type CouponFormValues } from '../coupon-form-values';
import { offerParts } from './offer-parts';

export type CouponPreviewProps = { values: CouponFormValues; store: Store };

/** The coupon card as the coupon site will show the coupon being edited. */
export function CouponPreviewCard({ values, store }: CouponPreviewProps) {
  const config = useClientConfig();
  return (
    <CouponCard
      merchantName={store.name}
      merchantLogoUrl={store.logo_url || null}
      storeUrl={store.website_url}
      {...offerParts(formOffer(values, config), config)}
      description={values.description}
      destinationUrl={values.destinationUrl || store.website_url}
      headingLevel={3}
    />
  );
}
