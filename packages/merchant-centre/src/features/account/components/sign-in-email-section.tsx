import type { Account } from '@cc/contract';
import { SubmitButton } from '@cc/ui/submit-button';
import { TextInput } from '@cc/ui/text-input';
import { cx } from '../../../lib/class-names';
import { useChangeEmailForm } from '../hooks/use-account-forms';
import { AccountSection } from './account-section';
import { FormAnswer } from './form-answer';

/** Whether the sign-in email is verified, as a mark beside it. */
function VerifiedMark({ isVerified }: { isVerified: boolean }) {
  return (
    <span
      className={cx(
        'rounded-full px-2 py-0.5 text-xs font-semibold',
        isVerified ? 'bg-green-100 text-green-900' : 'bg-amber-100 text-amber-950',
      )}
    >
      {isVerified ? 'Verified' : 'Not verified'}
    </span>
  );
}

/**
 * 'Sign-in email': the address, whether it is verified, an address waiting for its link to
 * be followed, and the form that changes it (the new address and the current password).
 */
export function SignInEmailSection({ account }: { account: Account }) {
  const { form, failure, success } = useChangeEmailForm();
  return (
    <AccountSection title="Sign-in email">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
        <span className="font-semibold break-all">{account.email}</span>
        <VerifiedMark isVerified={account.email_verified} />
      </p>
      {account.pending_email !== null && (
        <p className="mt-2 text-sm text-slate-700">
          Waiting for confirmation: {account.pending_email}
        </p>
      )}
      <form
        {...form.formProps}
        className="mt-4 flex flex-col gap-4"
        aria-label="Change sign-in email"
      >
        <FormAnswer failure={failure} success={success} />
        <TextInput
          label="New email"
          type="email"
          autoComplete="email"
          {...form.fieldProps('newEmail')}
        />
        <TextInput
          label="Current password"
          type="password"
          autoComplete="current-password"
          {...form.fieldProps('password')}
        />
        <div>
          <SubmitButton isLoading={form.formik.isSubmitting}>Change email</SubmitButton>
        </div>
      </form>
    </AccountSection>
  );
}
