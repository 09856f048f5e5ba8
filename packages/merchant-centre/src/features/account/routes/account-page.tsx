import { startTransition, useEffect, useState, type ComponentType } from 'react';
import { useGetPasskeysQuery, useGetSecondFactorQuery } from '@cc/api';
import { useGetAccountQuery, useGetAccountSessionsQuery } from '../api/account';
import { useGetAccountActivityQuery } from '../api/audit';
import type { Account } from '@cc/contract';
import { Spinner } from '@cc/ui/spinner';
import { DeleteAccountSection } from '../components/delete-account-section';
import { DevicesSection } from '../components/devices-section';
import { PasskeysSection } from '../components/passkeys-section';
import { RecentActivitySection } from '../components/recent-activity-section';
import { TwoStepSection } from '../components/two-step-section';
import { YourDataSection } from '../components/your-data-section';

type Forms = {
  SignInEmailSection: ComponentType<{ account: Account }>;
  PasswordSection: ComponentType;
};

/** The two forms (with Formik) are chunks of their own, fetched as the page opens, beside its data. */
async function loadForms(): Promise<Forms> {
  const [email, password] = await Promise.all([
    import('../components/sign-in-email-section'),
    import('../components/password-section'),
  ]);
  return {
    SignInEmailSection: email.SignInEmailSection,
    PasswordSection: password.PasswordSection,
  };
}

/** The forms once their chunks are in; a chunk that cannot be fetched reaches the route's error screen. */
function useForms(): Forms | null {
  const [forms, setForms] = useState<Forms | null>(null);
  useEffect(() => {
    let live = true;
    loadForms().then(
      (loaded) => live && setForms(loaded),
      (error: unknown) =>
        live &&
        setForms(() => {
          throw error;
        }),
    );
    return () => {
      live = false;
    };
  }, []);
  return forms;
}

/**
 * True from the first time `ready` holds, and from then on: a section asking again for what
 * failed (a new subscriber to a failed call asks again) must not take the screen back to its
 * spinner, which would unmount that section and ask again, over and over. The switch renders as
 * a transition, which React renders in slices between which the browser may paint and answer
 * input, so the screen's eight sections never hold the main thread in one long task.
 */
function useShownOnceReady(ready: boolean): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (ready) startTransition(() => setShown(true));
  }, [ready]);
  return shown;
}

/**
 * /account: ACCOUNT, with the sign-in email (verified or not, and its change), the
 * password, two-step sign-in, the passkeys, the signed-in devices, the recent activity, the merchant's data and the
 * account's deletion. The sections appear together once the account, its devices, its
 * activity, its second factor and the forms' code are in, so nothing on the screen moves as they arrive.
 */
export function AccountPage() {
  const account = useGetAccountQuery();
  const sessions = useGetAccountSessionsQuery();
  const activity = useGetAccountActivityQuery(undefined, { refetchOnMountOrArgChange: true });
  const secondFactor = useGetSecondFactorQuery();
  const passkeys = useGetPasskeysQuery();
  const forms = useForms();
  const ready = useShownOnceReady(
    forms !== null &&
      !account.isLoading &&
      !sessions.isLoading &&
      !activity.isLoading &&
      !secondFactor.isLoading &&
      !passkeys.isLoading,
  );
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">ACCOUNT</h1>
      {ready && forms ? (
        <div className="mt-6 flex flex-col gap-6">
          {account.data ? (
            <forms.SignInEmailSection account={account.data} />
          ) : (
            <p className="text-sm text-slate-700">Your account could not be loaded.</p>
          )}
          <forms.PasswordSection />
          <TwoStepSection />
          <PasskeysSection />
          <DevicesSection />
          <RecentActivitySection />
          <YourDataSection />
          <DeleteAccountSection />
        </div>
      ) : (
        <div className="flex justify-center py-8">
          <Spinner size="lg" label="Loading" />
        </div>
      )}
    </div>
  );
}

export { AccountPage as Component };
