import { useState } from 'react';
import {
  applyFieldErrors,
  errorMessage,
  errorStatus,
  useSecondFactorSignInMutation,
} from '@cc/api';
import { PASSKEY_MESSAGES, type AuthTokens } from '@cc/contract';
import { LoadingButton } from '@cc/ui/loading-button';
import { SubmitButton } from '@cc/ui/submit-button';
import { TextInput } from '@cc/ui/text-input';
import { useAppForm } from '../../../lib/form';
import { useCallMessage } from '../../../lib/use-call-message';
import { usePasskeySignIn } from '../hooks/use-passkey-sign-in';
import { FormMessage } from './form-message';

const secondFactorSchema = () => import('../schemas').then((module) => module.secondFactorSchema);

type Props = {
  challenge: string;
  /** The account has a passkey: offer it in place of the code. */
  hasPasskey?: boolean;
  /** The tokens of the session the code started. */
  onSignedIn: (tokens: AuthTokens) => Promise<void>;
  /** The challenge expired: back to the password. */
  onExpired: (message: string) => void;
};

/**
 * The sign-in's second step: the 6-digit code from the authenticator app, or ("Use a recovery
 * code") one of the recovery codes. A wrong code shows under the field; a lock, above the form.
 */
export function SecondFactorStep({ challenge, hasPasskey = false, onSignedIn, onExpired }: Props) {
  const [send] = useSecondFactorSignInMutation();
  const passkeys = usePasskeySignIn();
  const [passkeyFailure, setPasskeyFailure] = useState<string | null>(null);

  async function answerWithPasskey() {
    setPasskeyFailure(null);
    const outcome = await passkeys.secondStep(challenge);
    if ('tokens' in outcome) return onSignedIn(outcome.tokens);
    if (outcome.isExpired) return onExpired(outcome.failure);
    setPasskeyFailure(outcome.failure);
  }
  const [useRecovery, setUseRecovery] = useState(false);
  const formMessage = useCallMessage();
  const form = useAppForm({
    initialValues: { code: '' },
    validationSchema: secondFactorSchema,
    onSubmit: async ({ code }, helpers) => {
      formMessage.clear();
      const call = send(
        useRecovery ? { challenge, recovery_code: code.trim() } : { challenge, code: code.trim() },
      );
      const result = await call;
      if (result.error) {
        if (errorStatus(result.error) === 401) return onExpired(errorMessage(result.error));
        const shown = applyFieldErrors(
          result.error,
          (_field, message) => helpers.setFieldError('code', message),
          ['code', 'recovery_code'],
        );
        if (shown.length === 0) formMessage.show(call, errorMessage(result.error));
        return;
      }
      await onSignedIn(result.data);
    },
  });

  return (
    <form {...form.formProps} className="flex flex-col gap-4" aria-label="Two-step sign-in">
      <p className="text-sm text-slate-700">
        {useRecovery
          ? 'Enter one of the recovery codes you saved when you turned on two-step sign-in. Each works once.'
          : 'Enter the 6-digit code your authenticator app shows.'}
      </p>
      <FormMessage error={formMessage.message ?? passkeyFailure} />
      {useRecovery ? (
        <TextInput
          key="recovery"
          label="Recovery code"
          autoComplete="off"
          {...form.fieldProps('code')}
        />
      ) : (
        <TextInput
          key="code"
          label="Code"
          inputMode="numeric"
          autoComplete="one-time-code"
          {...form.fieldProps('code')}
        />
      )}
      <SubmitButton isFullWidth isLoading={form.formik.isSubmitting}>
        VERIFY
      </SubmitButton>
      <button
        type="button"
        className="self-start text-sm underline"
        onClick={() => {
          setUseRecovery(!useRecovery);
          void form.formik.setFieldValue('code', '', false);
          form.formik.setFieldError('code', undefined);
        }}
      >
        {useRecovery ? 'Use the code from your app' : 'Use a recovery code'}
      </button>
      {hasPasskey && passkeys.isSupported && (
        <LoadingButton
          variant="secondary"
          isFullWidth
          loadingText="Waiting for the passkey..."
          onClick={answerWithPasskey}
        >
          {PASSKEY_MESSAGES.usePasskey}
        </LoadingButton>
      )}
    </form>
  );
}
