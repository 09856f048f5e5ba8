import { useState } from 'react';
import { errorBody, errorMessage, errorStatus } from '@cc/api';
import { accountApi, useSendVerificationEmailMutation } from '../api/account';
import type { VerificationMailResponse } from '@cc/contract';
import { Banner } from '@cc/ui/banner';
import { LoadingButton } from '@cc/ui/loading-button';
import { useSecondsUntil } from '../hooks/use-seconds-until';

/** A 429's body: the same shape as a sent mail's answer, with when the next one can go. */
function isMailAnswer(body: unknown): body is VerificationMailResponse {
  return (
    typeof body === 'object' &&
    body !== null &&
    'message' in body &&
    typeof body.message === 'string' &&
    'verification_resend_at' in body &&
    typeof body.verification_resend_at === 'string'
  );
}

/** 'Resend verification email', or, until `resendAt`, disabled and counting down. */
function ResendButton({
  resendAt,
  onResend,
}: {
  resendAt: string | null;
  onResend: () => Promise<void>;
}) {
  const secondsLeft = useSecondsUntil(resendAt);
  return (
    // The count changes every second: it is not read out as the banner's news.
    <div aria-live="off" className="mt-3">
      <LoadingButton
        variant="secondary"
        disabled={secondsLeft > 0}
        loadingText="Sending..."
        onClick={onResend}
      >
        {secondsLeft > 0 ? `Resend available in ${secondsLeft}s` : 'Resend verification email'}
      </LoadingButton>
    </div>
  );
}

/**
 * Above every merchant screen while the signed-in user's email is not verified: where the
 * link went and a button to send it again. After a send, or when the server says the last
 * one went too recently (429, the same answer), the button waits until the server's time.
 */
export function VerificationBanner({ email }: { email: string }) {
  // The Account screen's answer, when it has one (this banner asks for nothing itself).
  const account = accountApi.endpoints.getAccount.useQueryState();
  const [sendVerificationEmail] = useSendVerificationEmailMutation();
  const [answer, setAnswer] = useState<VerificationMailResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  if (account.data?.email_verified) return null;
  const resendAt = answer?.verification_resend_at ?? account.data?.verification_resend_at ?? null;

  async function resend() {
    setFailure(null);
    const result = await sendVerificationEmail();
    if (result.data) {
      setAnswer(result.data);
      return;
    }
    const body = errorBody(result.error);
    if (errorStatus(result.error) === 429 && isMailAnswer(body)) setAnswer(body);
    else setFailure(errorMessage(result.error));
  }

  return (
    <div className="mx-auto max-w-4xl px-4 pt-6">
      <Banner variant="warning">
        <p>
          Please verify your email address. We sent a link to{' '}
          <strong>{account.data?.email ?? email}</strong>.
        </p>
        {answer && <p className="mt-1">{answer.message}</p>}
        {failure && <p className="mt-1 font-semibold">{failure}</p>}
        <ResendButton key={resendAt ?? 'now'} resendAt={resendAt} onResend={resend} />
      </Banner>
    </div>
  );
}
