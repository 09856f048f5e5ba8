import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage, errorStatus, usePasswordResetMutation } from '@cc/api';
import { MESSAGES } from '@cc/contract';
import { SubmitButton } from '@cc/ui/submit-button';
import { TextInput } from '@cc/ui/text-input';
import { useAppForm } from '../../../lib/form';
import { useCallMessage } from '../../../lib/use-call-message';
import { AuthCard } from '../components/auth-card';
import { FormMessage } from '../components/form-message';

/** The form's rules, with yup: a chunk of their own, loaded as the form shows. */
const passwordReminderSchema = () =>
  import('../schemas').then((module) => module.passwordReminderSchema);

/**
 * /auth/password-reminder: email, SEND INSTRUCTIONS. The success text stays until a
 * failure hides it (SPEC section 4); a failure's message hides with its error item.
 */
export function PasswordReminderPage() {
  const [passwordReset] = usePasswordResetMutation();
  const formMessage = useCallMessage();
  const [isSent, setSent] = useState(false);
  const form = useAppForm({
    initialValues: { email: '' },
    validationSchema: passwordReminderSchema,
    onSubmit: async ({ email }) => {
      formMessage.clear();
      const call = passwordReset({ email: email.trim() });
      const result = await call;
      if (result.error) {
        setSent(false);
        formMessage.show(
          call,
          errorStatus(result.error) === 404 ? MESSAGES.noUserFound : errorMessage(result.error),
        );
        return;
      }
      setSent(true);
    },
  });

  return (
    <AuthCard title="Forgot your password?">
      <form {...form.formProps} className="flex flex-col gap-4" aria-label="Password reminder">
        <p className="text-sm text-slate-700">
          Enter your email and we will send you instructions to reset your password.
        </p>
        <FormMessage error={formMessage.message} success={isSent ? MESSAGES.resetSent : null} />
        <TextInput label="Email" type="email" autoComplete="email" {...form.fieldProps('email')} />
        <SubmitButton isFullWidth isLoading={form.formik.isSubmitting}>
          SEND INSTRUCTIONS
        </SubmitButton>
      </form>
      <p className="mt-6 text-sm">
        <Link to="/login" className="underline">
          Back to log in
        </Link>
      </p>
    </AuthCard>
  );
}

export { PasswordReminderPage as Component };
