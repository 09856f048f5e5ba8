import { useState } from 'react';
import { useGetPasskeysQuery } from '@cc/api';
import { browserPasskeys, type PasskeyCeremony } from '@cc/api/passkeys';
import { PASSKEY_MESSAGES } from '@cc/contract';
import { LoadingButton } from '@cc/ui/loading-button';
import { Spinner } from '@cc/ui/spinner';
import { AccountSection } from './account-section';
import { AddPasskeyForm } from './add-passkey-form';
import { FormAnswer } from './form-answer';
import { PasskeyRow } from './passkey-row';

/**
 * 'Passkeys': the account's passkeys with when each was added and last used; add one (a name,
 * the password, then the browser's prompt), rename or remove one. `ceremony` is the browser's
 * WebAuthn (a story's or test's stand-in otherwise).
 */
export function PasskeysSection({ ceremony = browserPasskeys }: { ceremony?: PasskeyCeremony }) {
  const passkeys = useGetPasskeysQuery();
  const [isAdding, setAdding] = useState(false);
  const [answer, setAnswer] = useState<{ failure: string | null; success: string | null }>({
    failure: null,
    success: null,
  });
  const isSupported = ceremony.isSupported();

  function content() {
    if (passkeys.isLoading)
      return (
        <div className="flex justify-center py-6">
          <Spinner label="Loading the passkeys" />
        </div>
      );
    if (!passkeys.data)
      return <p className="text-sm text-slate-700">The passkeys could not be loaded.</p>;
    return (
      <>
        {passkeys.data.length === 0 ? (
          <p className="text-sm text-slate-700">{PASSKEY_MESSAGES.none}</p>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label={PASSKEY_MESSAGES.sectionTitle}>
            {passkeys.data.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} onAnswer={setAnswer} />
            ))}
          </ul>
        )}
        <div className="mt-4">
          {!isSupported && <p className="text-sm text-slate-700">{PASSKEY_MESSAGES.unsupported}</p>}
          {isSupported && isAdding && (
            <AddPasskeyForm
              ceremony={ceremony}
              onCancel={() => setAdding(false)}
              onAdded={() => {
                setAdding(false);
                setAnswer({ failure: null, success: PASSKEY_MESSAGES.added });
              }}
            />
          )}
          {isSupported && !isAdding && (
            <LoadingButton
              onClick={() => {
                setAnswer({ failure: null, success: null });
                setAdding(true);
              }}
            >
              {PASSKEY_MESSAGES.add}
            </LoadingButton>
          )}
        </div>
      </>
    );
  }

  return (
    <AccountSection title={PASSKEY_MESSAGES.sectionTitle}>
      <p className="mb-4 text-sm text-slate-700">{PASSKEY_MESSAGES.sectionIntro}</p>
      <FormAnswer {...answer} />
      {content()}
    </AccountSection>
  );
}
