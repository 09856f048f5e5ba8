import { lazy, Suspense, useEffect } from 'react';
import { useGetAccountQuery } from '@cc/api';
import { Spinner } from '@cc/ui/spinner';
import { DeleteAccountSection } from '../components/delete-account-section';
import { DevicesSection } from '../components/devices-section';
import { RecentActivitySection } from '../components/recent-activity-section';
import { YourDataSection } from '../components/your-data-section';

const loadEmailSection = () => import('../components/sign-in-email-section');
const loadPasswordSection = () => import('../components/password-section');
const SignInEmailSection = lazy(() => loadEmailSection().then((module) => ({ default: module.SignInEmailSection })));
const PasswordSection = lazy(() => loadPasswordSection().then((module) => ({ default: module.PasswordSection })));

/** The two forms (with Formik), chunks of their own: fetched as the page opens, beside the account. */
function preloadForms(): void {
  for (const load of [loadEmailSection, loadPasswordSection]) {
    load().catch(() => {
      // Fetched again when the section renders; a failure then reaches the route's error screen.
    });
  }
}

function Loading() {
  return (
    <div className="flex justify-center py-8">
      <Spinner size="lg" label="Loading" />
    </div>
  );
}

/**
 * /account: ACCOUNT, with the sign-in email (verified or not, and its change), the
 * password, the signed-in devices, the recent activity, the merchant's data and the
 * account's deletion.
 */
export function AccountPage() {
  const account = useGetAccountQuery();
  useEffect(preloadForms, []);
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">ACCOUNT</h1>
      <div className="mt-6 flex flex-col gap-6">
        <Suspense fallback={<Loading />}>
          {account.data ? (
            <SignInEmailSection account={account.data} />
          ) : account.isError ? (
            <p className="text-sm text-slate-700">Your account could not be loaded.</p>
          ) : (
            <Loading />
          )}
          <PasswordSection />
        </Suspense>
        <DevicesSection />
        <RecentActivitySection />
        <YourDataSection />
        <DeleteAccountSection />
      </div>
    </div>
  );
}

export { AccountPage as Component };
