import { useNavigate, useSearchParams } from 'react-router';
import { useSetNewPasswordMutation } from '@cc/api';
import { MESSAGES } from '@cc/contract';
import { SubmitButton } from '@cc/ui/submit-button';
import { TextInput } from '@cc/ui/text-input';
import { showToast } from '../../../lib/toast';
import { useAppForm } from '../../../lib/form';
import { useCallMessage } from '../../../lib/use-call-message';
import { AuthCard } from '../components/auth-card';
import { FormMessage } from '../components/form-message';

/** The form's rules, with yup: a chunk of their own, loaded as the form shows. */
const newPasswordSchema = () => import('../schemas').then((module) => module.newPasswordSchema);

/** auth/set-password?token=...: new password twice, Submit; then a toast and /login. */
export function SetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [setNewPassword] = useSetNewPasswordMutation();
  const formMessage = useCallMessage();
  const form = useAppForm({
    initialValues: { password: '', confirmPassword: '' },
    validationSchema: newPasswordSchema,
    onSubmit: async ({ password }) => {
      formMessage.clear();
      const call = setNewPassword({ password, token });
      const result = await call;
      if (result.error) {
        formMessage.show(call, MESSAGES.resetExpired);
        return;
      }
      showToast('success', MESSAGES.passwordChanged);
      await navigate('/login', { replace: true });
    },
  });

  return (
    <AuthCard title="Set new password">
      <form {...form.formProps} className="flex flex-col gap-4" aria-label="Set new password">
        <FormMessage error={formMessage.message} />
        <TextInput
          label="Password"
          type="password"
          autoComplete="new-password"
          {...form.fieldProps('password')}
        />
        <TextInput
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          {...form.fieldProps('confirmPassword')}
        />
        <SubmitButton isFullWidth isLoading={form.formik.isSubmitting}>
          Submit
        </SubmitButton>
      </form>
    </AuthCard>
  );
}

export { SetPasswordPage as Component };
