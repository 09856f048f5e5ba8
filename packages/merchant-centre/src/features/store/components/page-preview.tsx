import type { ScreenCoupon } from '../../../lib/api/coupon-mapper';
import type { Store } from '@cc/contract';
import { offerHeadlineParts } from '@cc/contract/offer';
import { CouponCard } from '@cc/ui/coupon-card';
import { useClientConfig } from '../../../lib/brand-context';

/** The store's page as shoppers will see it: its logo and name, then its coupons in the merchant's order. */
export function PagePreview({
  store,
  coupons,
}: {
  store: Store;
  coupons: readonly ScreenCoupon[];
}) {
  const config = useClientConfig();
  return (
    <section
      aria-label="Preview of your coupon page"
      className="mt-6 rounded-lg border-2 border-dashed border-slate-400 bg-slate-50 p-4 sm:p-6"
    >
      <p className="mb-4 text-xs font-bold uppercase tracking-widest text-slate-700">Preview</p>
      <header className="mb-6 flex flex-wrap items-center gap-4">
        {store.logo_url && (
          <img
            src={store.logo_url}
            alt={`${store.name} logo`}
            width={120}
            height={40}
            className="h-10 w-[120px] object-contain"
          />
        )}
        <div>
          <h2 className="text-xl font-bold text-slate-900">{store.name}</h2>
          <p className="text-sm text-slate-700">{store.website_url}</p>
        </div>
      </header>
      {coupons.length === 0 ? (
        <p className="text-sm text-slate-700">Your page has no coupons yet.</p>
      ) : (
        <ul className="grid gap-4">
          {coupons.map((coupon) => {
            const parts = offerHeadlineParts(coupon.offer, config);
            return (
              <li key={coupon.couponId}>
                <CouponCard
                  merchantName={store.name}
                  merchantLogoUrl={store.logo_url || null}
                  storeUrl={store.website_url}
                  offerType={parts.label}
                  offerPrefix={parts.prefix}
                  offerTitle={parts.title}
                  description={coupon.description}
                  destinationUrl={coupon.destinationUrl}
                />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
