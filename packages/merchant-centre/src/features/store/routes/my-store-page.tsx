import { lazy, Suspense, useEffect } from 'react';
import { Spinner } from '@cc/ui/spinner';
import { useClientConfig } from '../../../lib/brand-context';
import { useMerchant } from '../../../lib/use-merchant';
import { ReviewBanner } from '../components/review-banner';
import { StoreForm } from '../components/store-form';
import { useLogoUpload } from '../hooks/use-logo-upload';
import { useStoreForm } from '../hooks/use-store-form';
import type { Store } from '@cc/contract';

const loadBillingDetails = () => import('../components/billing-details-form');
const loadEmailNotifications = () => import('../components/email-notifications');
const BillingDetailsSection = lazy(() =>
  loadBillingDetails().then((module) => ({ default: module.BillingDetailsSection })),
);
const EmailNotificationsSection = lazy(() =>
  loadEmailNotifications().then((module) => ({ default: module.EmailNotificationsSection })),
);

/** The sections under the store form, chunks of their own: fetched as the page opens, beside the store. */
function preloadSections(): void {
  for (const load of [loadBillingDetails, loadEmailNotifications]) {
    load().catch(() => {
      // Fetched again when the section renders; a failure then reaches the route's error screen.
    });
  }
}

/**
 * /my-store: 'ADD YOUR STORE TO {site}' with the create form, or the store's information
 * to edit and, once the store exists, the billing details its receipts print and the
 * optional emails.
 */
export function MyStorePage() {
  const config = useClientConfig();
  const { store, isLoading } = useMerchant();
  useEffect(preloadSections, []);
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      {isLoading ? (
        <div className="flex justify-center py-16">
          <Spinner size="lg" label="Loading" />
        </div>
      ) : (
        <>
          <h1 className="mb-6 text-2xl font-bold text-slate-900">
            {store ? 'My Store' : `ADD YOUR STORE TO ${config.siteName}`}
          </h1>
          <StoreEditor key={store?.id ?? 'new'} store={store} />
          {store && (
            <div className="mt-6 grid gap-6">
              <Suspense fallback={null}>
                <BillingDetailsSection />
                <EmailNotificationsSection />
              </Suspense>
            </div>
          )}
        </>
      )}
    </div>
  );
}

function StoreEditor({ store }: { store: Store | null }) {
  const config = useClientConfig();
  const form = useStoreForm(store);
  const logo = useLogoUpload();
  const { setFieldValue } = form.formik;
  return (
    <div className="grid gap-6">
      {store && <ReviewBanner store={store} />}
      <StoreForm
        form={form}
        isCreating={!store}
        pageAddress={!store && form.slug ? `${config.storePagePath}${form.slug}` : null}
        formError={form.formError}
        logo={{
          isUploading: logo.isUploading,
          error: logo.error,
          canFit: logo.canFit,
          onFile: (file) => {
            void logo.upload(file).then((url) => {
              if (url) void setFieldValue('logoUrl', url);
            });
          },
          onRemove: () => {
            logo.clearError();
            void setFieldValue('logoUrl', '');
          },
          onFit: () => {
            void logo.fit().then((url) => {
              if (url) void setFieldValue('logoUrl', url);
            });
          },
        }}
      />
    </div>
  );
}

export { MyStorePage as Component };
