import { useState } from 'react';
import {
  applyFieldErrors,
  errorMessage,
  useDisableSecondFactorMutation,
  useRegenerateRecoveryCodesMutation,
} from '@cc/api';
import { SECOND_FACTOR_MESSAGES, type SecondFactorStatus } from '@cc/contract';
import { LoadingButton } from '@cc/ui/loading-button';
import { TextInput } from '@cc/ui/text-input';
import { FormAnswer } from './form-answer';

type Errors = { password?: string; code?: string };

/**
 * Two-step sign-in while it is on: how many recovery codes are left, new ones, and turning
 * it off. Either needs the password or a current code from the app.
 */
export function SecondFactorOn({
  status,
  onNewCodes,
}: {
  status: SecondFactorStatus;
  onNewCodes: (codes: string[]) => void;
}) {
  const [regenerate] = useRegenerateRecoveryCodesMutation();
  const [disable] = useDisableSecondFactorMutation();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [answer, setAnswer] = useState<{ failure: string | null; success: string | null }>({
    failure: null,
    success: null,
  });

  /** The proof as given: the password when typed, else the code; null (and the message) when neither. */
  function proof() {
    setErrors({});
    setAnswer({ failure: null, success: null });
    if (password !== '') return { password };
    if (code.trim() !== '') return { code: code.trim() };
    setAnswer({ failure: SECOND_FACTOR_MESSAGES.passwordOrCode, success: null });
    return null;
  }

  function refused(error: unknown) {
    const found: Errors = {};
    const applied = applyFieldErrors(
      error,
      (field, message) => (found[field as keyof Errors] = message),
      ['password', 'code'],
    );
    setErrors(found);
    if (applied.length === 0) setAnswer({ failure: errorMessage(error), success: null });
  }

  async function newCodes() {
    const body = proof();
    if (!body) return;
    const result = await regenerate(body);
    if (result.error) return refused(result.error);
    setPassword('');
    setCode('');
    onNewCodes(result.data.recovery_codes);
  }

  async function turnOff() {
    const body = proof();
    if (!body) return;
    const result = await disable(body);
    if (result.error) refused(result.error);
  }

  const since = status.enabled_at ? status.enabled_at.slice(0, 10) : '';
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        Two-step sign-in is on{since ? ` since ${since}` : ''}: signing in asks for a code from your
        authenticator app. {status.recovery_codes_left} of 10 recovery codes left.
      </p>
      <FormAnswer {...answer} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          error={errors.password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <TextInput
          label="Or a code from the app"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          error={errors.code}
          onChange={(event) => setCode(event.target.value)}
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <LoadingButton variant="secondary" onClick={newCodes} loadingText="Making codes...">
          New recovery codes
        </LoadingButton>
        {!status.required && (
          <LoadingButton variant="secondary" onClick={turnOff} loadingText="Turning off...">
            Turn off two-step sign-in
          </LoadingButton>
        )}
      </div>
    </div>
  );
}
