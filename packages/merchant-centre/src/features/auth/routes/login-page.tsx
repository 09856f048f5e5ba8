import { Link } from 'react-router';
import { errorStatus, useLoginMutation } from '@cc/api';
import { MESSAGES } from '@cc/contract';
import { SubmitButton } from '@cc/ui/submit-button';
import { TextInput } from '@cc/ui/text-input';
import { useAppForm } from '../../../lib/form';
import { useCallMessage } from '../../../lib/use-call-message';
import { AuthCard } from '../components/auth-card';
import { FormMessage } from '../components/form-message';
import { useSignIn } from '../hooks/use-sign-in';

/** The form's rules, with yup: a chunk of their own, loaded as the form shows. */
const loginSchema = () => import('../schemas').then((module) => module.loginSchema);

/** /login: email and password, SIGN IN, links to /register and /auth/password-reminder. */
export function LoginPage() {
  const [login] = useLoginMutation();
  const signIn = useSignIn();
  const formMessage = useCallMessage();
  const form = useAppForm({
    initialValues: { email: '', password: '' },
    validationSchema: loginSchema,
    onSubmit: async ({ email, password }) => {
      formMessage.clear();
      const call = login({ email: email.trim(), password });
      const result = await call;
      if (result.error) {
        formMessage.show(call, errorStatus(result.error) === 401 ? MESSAGES.invalidCredentials : MESSAGES.somethingWentWrong);
        return;
      }
      await signIn(result.data, email.trim());
    },
  });

  return (
    <AuthCard title="Log in">
      <form {...form.formProps} className="flex flex-col gap-4" aria-label="Log in">
        <FormMessage error={formMessage.message} />
        <TextInput label="Email" type="email" autoComplete="email" {...form.fieldProps('email')} />
        <TextInput label="Password" type="password" autoComplete="current-password" {...form.fieldProps('password')} />
        <SubmitButton isFullWidth isLoading={form.formik.isSubmitting}>
          SIGN IN
        </SubmitButton>
      </form>
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
