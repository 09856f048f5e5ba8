import { useState, type FormEvent } from 'react';
import {
  applyFieldErrors,
  errorMessage,
  errorStatus,
  useSecondFactorSignInMutation,
} from '@cc/api';
import type { AuthTokens, SecondFactorChallenge } from '@cc/contract';
import { Banner } from '@cc/ui/banner';
import { LoadingButton } from '@cc/ui/loading-button';
import { TextInput } from '@cc/ui/text-input';

type Props = {
  challenge: SecondFactorChallenge;
  /** The session's tokens: after the code, or after the recovery codes of a new app were seen. */
  onSignedIn: (tokens: AuthTokens) => Promise<void>;
  /** Back to the password (the challenge expired), with the server's message. */
  onRestart: (message: string) => void;
};

/** The new app's QR code (the server's SVG as an image) and its key to type. */
function AppSetup({ challenge }: { challenge: SecondFactorChallenge }) {
  if (!challenge.setup) return null;
  return (
    <div className="flex flex-col gap-3 text-sm">
      <p>
        Staff sign in with two-step sign-in. Scan this QR code with an authenticator app, or type
        the key into it, then enter the code it shows.
      </p>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(challenge.setup.qr_svg)}`}
        alt="QR code to scan with your authenticator app"
        width={176}
        height={176}
        className="self-center rounded border border-slate-200"
      />
      <p className="font-mono break-words" aria-label="Key for your authenticator app">
        {challenge.setup.secret.replace(/(.{4})(?=.)/g, '$1 ')}
      </p>
    </div>
  );
}

/**
 * The staff sign-in's second step: the code from the app (or a recovery code), or at the first
 * sign-in the enrolment of an app, whose recovery codes are shown once before the console opens.
 */
export function SecondStep({ challenge, onSignedIn, onRestart }: Props) {
  const [send] = useSecondFactorSignInMutation();
  const isEnrolment = challenge.second_factor === 'enrol';
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [enrolled, setEnrolled] = useState<{ tokens: AuthTokens; codes: string[] } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFieldError(null);
    setFailure(null);
    if (code.trim() === '') return setFieldError('This field is required.');
    setIsBusy(true);
    const result = await send(
      useRecovery
        ? { challenge: challenge.challenge, recovery_code: code.trim() }
        : { challenge: challenge.challenge, code: code.trim() },
    );
    setIsBusy(false);
    if (result.error) {
      if (errorStatus(result.error) === 401) return onRestart(errorMessage(result.error));
      if (
        applyFieldErrors(result.error, (_field, message) => setFieldError(message), [
          'code',
          'recovery_code',
        ]).length === 0
      )
        setFailure(errorMessage(result.error));
      return;
    }
    const { recovery_codes: codes, ...tokens } = result.data;
    if (codes) setEnrolled({ tokens, codes });
    else await onSignedIn(tokens);
  }

  if (enrolled) {
    return (
      <div className="flex flex-col gap-4">
        <Banner variant="info">
          Save these recovery codes somewhere safe: each signs you in once without your phone. They
          are shown only now.
        </Banner>
        <ol aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-sm">
          {enrolled.codes.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ol>
        <LoadingButton onClick={() => onSignedIn(enrolled.tokens)} isFullWidth>
          I have saved them: open the console
        </LoadingButton>
      </div>
    );
  }

  return (
    <form
      className="flex flex-col gap-4"
      aria-label="Two-step sign-in"
      onSubmit={(event) => void submit(event)}
    >
      {isEnrolment ? (
        <AppSetup challenge={challenge} />
      ) : (
        <p className="text-sm">
          {useRecovery
            ? 'Enter one of your recovery codes.'
            : 'Enter the 6-digit code your authenticator app shows.'}
        </p>
      )}
      <TextInput
        key={useRecovery ? 'recovery' : 'code'}
        label={useRecovery ? 'Recovery code' : 'Code'}
        name="code"
        inputMode={useRecovery ? 'text' : 'numeric'}
        autoComplete={useRecovery ? 'off' : 'one-time-code'}
        value={code}
        error={fieldError}
        onChange={(event) => setCode(event.target.value)}
      />
      {failure && <Banner variant="error">{failure}</Banner>}
      <LoadingButton type="submit" isLoading={isBusy} onClick={() => undefined} isFullWidth>
        {isEnrolment ? 'CONFIRM' : 'VERIFY'}
      </LoadingButton>
      {!isEnrolment && (
        <button
          type="button"
          className="self-start text-sm underline"
          onClick={() => {
            setUseRecovery(!useRecovery);
            setCode('');
            setFieldError(null);
          }}
        >
          {useRecovery ? 'Use the code from your app' : 'Use a recovery code'}
        </button>
      )}
    </form>
  );
}
