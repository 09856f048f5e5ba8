import { useState } from 'react';
import { errorMessage, useGetSecondFactorQuery, useStartTotpSetupMutation } from '@cc/api';
import type { TotpSetup } from '@cc/contract';
import { LoadingButton } from '@cc/ui/loading-button';
import { Spinner } from '@cc/ui/spinner';
import { AccountSection } from './account-section';
import { FormAnswer } from './form-answer';
import { RecoveryCodesList } from './recovery-codes-list';
import { SecondFactorOn } from './second-factor-proof-form';
import { TotpSetupForm } from './totp-setup-form';

/**
 * 'Two-step sign-in': off, a button turns it on (the app's QR code and key, its first code,
 * then the recovery codes shown once); on, new recovery codes or turning it off.
 */
export function TwoStepSection() {
  const status = useGetSecondFactorQuery();
  const [startSetup] = useStartTotpSetupMutation();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function turnOn() {
    setFailure(null);
    const result = await startSetup();
    if (result.error) setFailure(errorMessage(result.error));
    else setSetup(result.data);
  }

  function content() {
    if (codes) return <RecoveryCodesList codes={codes} onDone={() => setCodes(null)} />;
    if (setup)
      return (
        <TotpSetupForm
          setup={setup}
          onCancel={() => setSetup(null)}
          onConfirmed={(issued) => {
            setSetup(null);
            setCodes(issued);
          }}
        />
      );
    if (status.isLoading)
      return (
        <div className="flex justify-center py-6">
          <Spinner label="Loading two-step sign-in" />
        </div>
      );
    if (!status.data)
      return <p className="text-sm text-slate-700">Two-step sign-in could not be loaded.</p>;
    if (status.data.enabled) return <SecondFactorOn status={status.data} onNewCodes={setCodes} />;
    return (
      <div className="flex flex-col gap-4">
        <p className="text-sm text-slate-700">
          Two-step sign-in is off. Turn it on and signing in asks for your password and a code from
          an authenticator app on your phone.
        </p>
        <FormAnswer failure={failure} success={null} />
        <div>
          <LoadingButton onClick={turnOn} loadingText="Please wait...">
            Turn on two-step sign-in
          </LoadingButton>
        </div>
      </div>
    );
  }

  return <AccountSection title="Two-step sign-in">{content()}</AccountSection>;
}
