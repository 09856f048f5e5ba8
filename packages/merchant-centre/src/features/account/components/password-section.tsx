import { SubmitButton } from '@cc/ui/submit-button';
import { TextInput } from '@cc/ui/text-input';
import { useChangePasswordForm } from '../hooks/use-account-forms';
import { AccountSection } from './account-section';
import { FormAnswer } from './form-answer';

/** 'Password': the current one, the new one twice; the other devices are signed out on success. */
export function PasswordSection() {
  const { form, failure, success } = useChangePasswordForm();
  return (
    <AccountSection title="Password">
      <form {...form.formProps} className="flex flex-col gap-4" aria-label="Change password">
        <FormAnswer failure={failure} success={success} />
        <TextInput
          label="Current password"
          type="password"
          autoComplete="current-password"
          {...form.fieldProps('currentPassword')}
        />
        <TextInput
          label="New password"
          type="password"
          autoComplete="new-password"
          {...form.fieldProps('newPassword')}
        />
        <TextInput
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          {...form.fieldProps('confirmPassword')}
        />
        <div>
          <SubmitButton isLoading={form.formik.isSubmitting}>Change password</SubmitButton>
        </div>
      </form>
    </AccountSection>
  );
}
