import { Navigate } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query';
import { useGetCouponsQuery } from '../../../lib/api/coupons';
import { Spinner } from '@cc/ui/spinner';
import { useClientConfig } from '../../../lib/brand-context';
import { useMerchant } from '../../../lib/use-merchant';
import { PagePreview } from '../components/page-preview';
import { StoreStatusPanel } from '../components/store-status-panel';

/**
 * /my-store/preview, where 'Live coupon page' leads while the page is not live: what
 * the page will show, marked as a preview, under the reason it is not live yet
 * (waiting for review, declined with the reason, or not paid). Without a store it
 * goes to /my-store.
 */
export function StorePreviewPage() {
  const { clientId } = useClientConfig();
  const { store, isLoading } = useMerchant();
  const coupons = useGetCouponsQuery(
    store ? { storeSlug: store.slug, client: clientId } : skipToken,
  );
  if (!isLoading && !store) return <Navigate to="/my-store" replace />;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Your coupon page</h1>
      {isLoading || !store || coupons.isLoading ? (
        <div className="flex justify-center py-16">
          <Spinner size="lg" label="Loading" />
        </div>
      ) : (
        <>
          <StoreStatusPanel store={store} />
          <PagePreview store={store} coupons={coupons.data?.coupons ?? []} />
        </>
      )}
    </div>
  );
}

export { StorePreviewPage as Component };
