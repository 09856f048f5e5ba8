import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage, errorStatus, useLoginMutation } from '@cc/api';
import { MESSAGES, PASSKEY_MESSAGES } from '@cc/contract';
import { LoadingButton } from '@cc/ui/loading-button';
import { SubmitButton } from '@cc/ui/submit-button';
import { TextInput } from '@cc/ui/text-input';
import { useAppForm } from '../../../lib/form';
import { useCallMessage } from '../../../lib/use-call-message';
import { AuthCard } from '../components/auth-card';
import { FormMessage } from '../components/form-message';
import { SecondFactorStep } from '../components/second-factor-step';
import { usePasskeySignIn } from '../hooks/use-passkey-sign-in';
import { useSignIn } from '../hooks/use-sign-in';

/** The form's rules, with yup: a chunk of their own, loaded as the form shows. */
const loginSchema = () => import('../schemas').then((module) => module.loginSchema);

/**
 * /login: email and password, SIGN IN, or 'Sign in with a passkey'; links to /register and
 * /auth/password-reminder. An account with two-step sign-in is asked for the code from its app
 * next, or its passkey (SecondFactorStep).
 */
export function LoginPage() {
  const [login] = useLoginMutation();
  const signIn = useSignIn();
  const formMessage = useCallMessage();
  /** The challenge a right password answered, and the address it was for. */
  const [pending, setPending] = useState<{
    challenge: string;
    email: string;
    hasPasskey: boolean;
  } | null>(null);
  const [expired, setExpired] = useState<string | null>(null);
  const passkeys = usePasskeySignIn();

  /** 'Sign in with a passkey': no address or password; the session as after both steps. */
  async function signInWithPasskey() {
    formMessage.clear();
    setExpired(null);
    const outcome = await passkeys.signIn();
    if ('tokens' in outcome) return signIn(outcome.tokens, '');
    setExpired(outcome.failure);
  }
  const form = useAppForm({
    initialValues: { email: '', password: '' },
    validationSchema: loginSchema,
    onSubmit: async ({ email, password }) => {
      formMessage.clear();
      setExpired(null);
      const call = login({ email: email.trim(), password });
      const result = await call;
      if (result.error) {
        const status = errorStatus(result.error);
        // A locked sign-in (429) or an account the app cannot sign in (403) says why, in the server's words.
        const message =
          status === 401
            ? MESSAGES.invalidCredentials
            : status === 403 || status === 429
              ? errorMessage(result.error)
              : MESSAGES.somethingWentWrong;
        formMessage.show(call, message);
        return;
      }
      if ('challenge' in result.data) {
        setPending({
          challenge: result.data.challenge,
          email: email.trim(),
          hasPasskey: result.data.passkey === true,
        });
        return;
      }
      await signIn(result.data, email.trim());
    },
  });

  if (pending) {
    return (
      <AuthCard title="Two-step sign-in">
        <SecondFactorStep
          challenge={pending.challenge}
          hasPasskey={pending.hasPasskey}
          onSignedIn={(tokens) => signIn(tokens, pending.email)}
          onExpired={(message) => {
            setPending(null);
            setExpired(message);
          }}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Log in">
      <form {...form.formProps} className="flex flex-col gap-4" aria-label="Log in">
        <FormMessage error={formMessage.message ?? expired} />
        <TextInput label="Email" type="email" autoComplete="email" {...form.fieldProps('email')} />
        <TextInput
          label="Password"
          type="password"
          autoComplete="current-password"
          {...form.fieldProps('password')}
        />
        <SubmitButton isFullWidth isLoading={form.formik.isSubmitting}>
          SIGN IN
        </SubmitButton>
      </form>
      {passkeys.isSupported && (
        <div className="mt-4">
          <LoadingButton
            variant="secondary"
            isFullWidth
            loadingText="Waiting for the passkey..."
            onClick={signInWithPasskey}
          >
            {PASSKEY_MESSAGES.signInWithPasskey}
          </LoadingButton>
        </div>
      )}
      <div className="mt-6 flex flex-col gap-2 text-sm">
        <Link to="/auth/password-reminder" className="underline">
          Forgot your password?
        </Link>
        <Link to="/register" className="underline">
          Create your coupon page
        </Link>
      </div>
    </AuthCard>
  );
}

export { LoginPage as Component };
