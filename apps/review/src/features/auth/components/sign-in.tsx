import { useState, type FormEvent } from 'react';
import { PASSKEY_MESSAGES, type AuthTokens, type SecondFactorChallenge } from '@cc/contract';
import { errorMessage, errorStatus } from '@cc/api/errors';
import { browserPasskeys, cancelledMessage } from '@cc/api/passkeys';
import { usePasskeyLoginMutation, usePasskeyLoginOptionsMutation } from '@cc/api';
import { Banner } from '@cc/ui/banner';
import { LoadingButton } from '@cc/ui/loading-button';
import { TextInput } from '@cc/ui/text-input';
import { ConsoleCard } from '../../../components/console-card';
import { reviewApi, useStaffSignInMutation } from '../../../lib/review-api';
import { useFailureMessage } from '../../../lib/use-auto-hide';
import { useReviewDispatch } from '../../../lib/use-review-dispatch';
import { useSignOut } from '../hooks/use-sign-out';
import { writeSession, type StaffSession } from '../session';
import { SecondStep } from './second-step';

const NOT_STAFF = 'This account is not a staff account.';

/**
 * Staff sign in with the merchant login call, then the second step (a code, or at the first
 * sign-in the enrolment of an app); a non-staff account is refused by the queue (403).
 */
export function SignIn({ onSignedIn }: { onSignedIn: (session: StaffSession) => void }) {
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const error = useFailureMessage();
  const [isBusy, setIsBusy] = useState(false);
  const [signIn] = useStaffSignInMutation();
  const dispatch = useReviewDispatch();
  const endSession = useSignOut();
  const [passkeyOptions] = usePasskeyLoginOptionsMutation();
  const [passkeyLogin] = usePasskeyLoginMutation();

  /** 'Sign in with a passkey': no address or password; the member's address comes from the server after. */
  async function signInWithPasskey() {
    error.clear();
    const options = await passkeyOptions();
    if ('error' in options) return error.show(errorMessage(options.error));
    const credential = await browserPasskeys.get(options.data).catch((failure: unknown) => {
      error.show(cancelledMessage(failure) ?? PASSKEY_MESSAGES.failed);
      return null;
    });
    if (!credential) return;
    const result = await passkeyLogin({ credential });
    if ('error' in result) return error.show(errorMessage(result.error));
    await enter(result.data, '');
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    error.clear();
    setIsBusy(true);
    try {
      await check();
    } finally {
      setIsBusy(false);
    }
  }

  async function check() {
    const result = await signIn({ email, password });
    if ('error' in result) return error.show(errorMessage(result.error));
    if ('challenge' in result.data) return setChallenge(result.data);
    await enter(result.data);
  }

  async function enter(tokens: AuthTokens, typed = email) {
    // The refresh token came as an HttpOnly cookie; the tab keeps the access token.
    const session = { token: tokens.token, email: typed };
    // Check the role before entering: a merchant account gets 403 from the queue.
    writeSession(session);
    const probe = await dispatch(
      reviewApi.endpoints.reviewQueue.initiate({ status: 'pending' }, { forceRefetch: true }),
    );
    if (probe.error) {
      // Reset first: resetting the API state drops calls still in flight, the revoke among them.
      dispatch(reviewApi.util.resetApiState());
      endSession();
      return error.show(errorStatus(probe.error) === 403 ? NOT_STAFF : errorMessage(probe.error));
    }
    if (session.email === '') {
      // A passkey named no address: the member's own, as the server knows it.
      const me = await dispatch(
        reviewApi.endpoints.staffMe.initiate(undefined, { forceRefetch: true }),
      );
      session.email = me.data?.email ?? '';
      writeSession(session);
    }
    onSignedIn(session);
  }

  return (
    <ConsoleCard title={challenge ? 'Two-step sign-in' : 'Staff sign in'}>
      {challenge ? (
        <SecondStep
          challenge={challenge}
          onSignedIn={(tokens) => enter(tokens)}
          onRestart={(message) => {
            setChallenge(null);
            error.show(message);
          }}
        />
      ) : (
        <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
          <TextInput
            label="Email"
            name="email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <TextInput
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          {error.message && <Banner variant="error">{error.message}</Banner>}
          <LoadingButton type="submit" isLoading={isBusy} onClick={() => undefined} isFullWidth>
            SIGN IN
          </LoadingButton>
          {browserPasskeys.isSupported() && (
            <LoadingButton
              variant="secondary"
              isFullWidth
              loadingText="Waiting for the passkey..."
              onClick={signInWithPasskey}
            >
              {PASSKEY_MESSAGES.signInWithPasskey}
            </LoadingButton>
          )}
        </form>
      )}
    </ConsoleCard>
  );
}
