import { Link } from 'react-router';
import { applyFieldErrors, errorMessage, errorStatus, useRegisterMutation } from '@cc/api';
import { MESSAGES } from '@cc/contract';
import { SubmitButton } from '@cc/ui/submit-button';
import { TextInput } from '@cc/ui/text-input';
import { useClientConfig } from '../../../lib/brand-context';
import { useAppForm } from '../../../lib/form';
import { useCallMessage } from '../../../lib/use-call-message';
import { AuthCard } from '../components/auth-card';
import { FormMessage } from '../components/form-message';
import { useSignIn } from '../hooks/use-sign-in';

/** The form's rules, with yup: a chunk of their own, loaded as the form shows. */
const registerSchema = () => import('../schemas').then((module) => module.registerSchema);

/** /register: 'Create your coupon page' with email, password, the terms and privacy-policy links and NEXT. */
export function RegisterPage() {
  const config = useClientConfig();
  const [register] = useRegisterMutation();
  const signIn = useSignIn();
  const formMessage = useCallMessage();
  const form = useAppForm({
    initialValues: { email: '', password: '' },
    validationSchema: registerSchema,
    onSubmit: async ({ email, password }, helpers) => {
      formMessage.clear();
      const call = register({ email: email.trim(), password, siteId: config.clientId });
      const result = await call;
      if (result.error) {
        if (errorStatus(result.error) === 409) formMessage.show(call, MESSAGES.duplicateUser);
        else if (
          applyFieldErrors(result.error, helpers.setFieldError, ['email', 'password']).length === 0
        ) {
          formMessage.show(call, errorMessage(result.error));
        }
        return;
      }
      if (result.data) await signIn(result.data, email.trim());
    },
  });

  return (
    <AuthCard title="Create your coupon page">
      <form
        {...form.formProps}
        className="flex flex-col gap-4"
        aria-label="Create your coupon page"
      >
        <FormMessage error={formMessage.message} />
        <TextInput label="Email" type="email" autoComplete="email" {...form.fieldProps('email')} />
        <TextInput
          label="Password"
          type="password"
          autoComplete="new-password"
          {...form.fieldProps('password')}
        />
        <p className="text-sm text-slate-700">
          By creating an account you agree to the{' '}
          <a href={config.termsUrl} target="_blank" rel="noopener noreferrer" className="underline">
            Terms
          </a>{' '}
          and{' '}
          <a
            href={config.privacyPolicyUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="underline"
          >
            Privacy policy
          </a>
          .
        </p>
        <SubmitButton isFullWidth isLoading={form.formik.isSubmitting}>
          NEXT
        </SubmitButton>
      </form>
      <p className="mt-6 text-sm">
        Already have a page?{' '}
        <Link to="/login" className="underline">
          Log in
        </Link>
      </p>
    </AuthCard>
  );
}

export { RegisterPage as Component };
