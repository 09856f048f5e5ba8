import { useState, type FormEvent } from 'react';
import {
  applyFieldErrors,
  errorMessage,
  useAddPasskeyMutation,
  usePasskeyRegistrationOptionsMutation,
} from '@cc/api';
import { cancelledMessage, type PasskeyCeremony } from '@cc/api/passkeys';
import { PASSKEY_MESSAGES } from '@cc/contract';
import { LoadingButton } from '@cc/ui/loading-button';
import { SubmitButton } from '@cc/ui/submit-button';
import { TextInput } from '@cc/ui/text-input';
import { PasskeyNameInput } from './passkey-name-input';

type Props = {
  ceremony: PasskeyCeremony;
  onAdded: () => void;
  onCancel: () => void;
};

/**
 * Adding a passkey: its name and the password again, then the browser's own prompt (the
 * fingerprint, face or PIN). A wrong password shows under its field; a closed prompt, above.
 */
export function AddPasskeyForm({ ceremony, onAdded, onCancel }: Props) {
  const [askOptions] = usePasskeyRegistrationOptionsMutation();
  const [add] = useAddPasskeyMutation();
  const [name, setName] = useState<string>(PASSKEY_MESSAGES.defaultName);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ name?: string; password?: string; form?: string }>({});
  const [isBusy, setBusy] = useState(false);

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (name.trim() === '') return setErrors({ name: PASSKEY_MESSAGES.nameRequired });
    setErrors({});
    setBusy(true);
    try {
      const options = await askOptions({ password });
      if (options.error) {
        const shown = applyFieldErrors(
          options.error,
          (_field, message) => setErrors({ password: message }),
          ['password'],
        );
        if (shown.length === 0) setErrors({ form: errorMessage(options.error) });
        return;
      }
      const credential = await ceremony.create(options.data).catch((error: unknown) => {
        setErrors({ form: cancelledMessage(error) ?? PASSKEY_MESSAGES.failed });
        return null;
      });
      if (!credential) return;
      const added = await add({ name: name.trim(), credential });
      if (added.error) return setErrors({ form: errorMessage(added.error) });
      onAdded();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="flex flex-col gap-4"
      aria-label={PASSKEY_MESSAGES.add}
      onSubmit={(event) => void submit(event)}
    >
      {errors.form && (
        <p role="alert" className="text-sm text-red-700">
          {errors.form}
        </p>
      )}
      <PasskeyNameInput
        value={name}
        onChange={setName}
        error={errors.name}
        hint={PASSKEY_MESSAGES.nameHint}
      />
      <TextInput
        label={PASSKEY_MESSAGES.passwordLabel}
        hint={PASSKEY_MESSAGES.passwordHint}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
      />
      <div className="flex flex-wrap gap-3">
        <SubmitButton isLoading={isBusy} loadingText="Waiting for the passkey...">
          {PASSKEY_MESSAGES.add}
        </SubmitButton>
        <LoadingButton variant="secondary" onClick={onCancel}>
          {PASSKEY_MESSAGES.cancel}
        </LoadingButton>
      </div>
    </form>
  );
}
