import { useState, type FormEvent } from 'react';
import { applyFieldErrors, errorMessage, useConfirmTotpMutation } from '@cc/api';
import type { TotpSetup } from '@cc/contract';
import { LoadingButton } from '@cc/ui/loading-button';
import { TextInput } from '@cc/ui/text-input';
import { FormAnswer } from './form-answer';

/** The secret in groups of four, as authenticator apps ask for it when typed. */
export const groupedSecret = (secret: string): string => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** The QR code (the server's SVG, shown as an image) and the text secret for an app. */
export function TotpSetupCode({ setup }: { setup: TotpSetup }) {
  return (
    <div className="flex flex-wrap items-center gap-6">
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`}
        alt="QR code to scan with your authenticator app"
        width={176}
        height={176}
        className="rounded border border-slate-200 bg-white"
      />
      <div className="min-w-0 text-sm text-slate-700">
        <p>Scan the QR code with your authenticator app, or type this key into it:</p>
        <p
          className="mt-2 font-mono text-base break-all text-slate-900"
          aria-label="Key for your authenticator app"
        >
          {groupedSecret(setup.secret)}
        </p>
      </div>
    </div>
  );
}

/** Turning on: the app's set-up, then its first code; the recovery codes follow. */
export function TotpSetupForm({
  setup,
  onConfirmed,
  onCancel,
}: {
  setup: TotpSetup;
  onConfirmed: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const [confirm] = useConfirmTotpMutation();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    setFieldError(null);
    setFailure(null);
    if (code.trim() === '') return setFieldError('This field is required.');
    setIsBusy(true);
    const result = await confirm({ code: code.trim() });
    setIsBusy(false);
    if (result.error) {
      if (
        applyFieldErrors(result.error, (_field, message) => setFieldError(message), ['code'])
          .length === 0
      )
        setFailure(errorMessage(result.error));
      return;
    }
    onConfirmed(result.data.recovery_codes);
  }

  return (
    <form
      className="flex flex-col gap-4"
      aria-label="Turn on two-step sign-in"
      onSubmit={(event) => void submit(event)}
    >
      <TotpSetupCode setup={setup} />
      <FormAnswer failure={failure} success={null} />
      <TextInput
        label="Code from the app"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        error={fieldError}
        onChange={(event) => setCode(event.target.value)}
      />
      <div className="flex flex-wrap gap-3">
        <LoadingButton type="submit" isLoading={isBusy} onClick={() => undefined}>
          Turn on
        </LoadingButton>
        <button type="button" className="text-sm underline" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
