import { useState, type FormEvent } from 'react';
import { errorMessage, errorStatus } from '@cc/api/errors';
import { STAFF_MESSAGES, STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@cc/contract';
import { Banner } from '@cc/ui/banner';
import { LoadingButton } from '@cc/ui/loading-button';
import { TextInput } from '@cc/ui/text-input';
import { fieldErrorsOf, useInviteStaffMutation } from '../staff-api';

const select = 'mt-1 block w-full rounded border border-slate-300 px-2 py-2 text-sm';

/** Invites an address as admin or reviewer: a mail with a one-use link, valid 72 hours. */
export function InviteForm({ onInvited }: { onInvited: (message: string) => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('reviewer');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [invite, { isLoading }] = useInviteStaffMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    setFailure(null);
    const result = await invite({ email, role });
    if ('error' in result) {
      if (errorStatus(result.error) === 400)
        setErrors(fieldErrorsOf(result.error, ['email', 'role']));
      else setFailure(errorMessage(result.error));
      return;
    }
    setEmail('');
    onInvited(
      `${STAFF_MESSAGES.invitationSent} ${result.data.email} can set a password until ${new Date(result.data.expires_at).toLocaleString()}.`,
    );
  }

  return (
    <form
      aria-label="Invite staff"
      onSubmit={(event) => void submit(event)}
      className="flex flex-wrap items-start gap-3 rounded-md bg-white p-4 shadow"
    >
      <TextInput
        className="min-w-64 flex-1"
        label="Email"
        name="email"
        type="email"
        required
        value={email}
        error={errors.email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <label className="text-sm font-semibold">
        Role
        <select
          className={select}
          value={role}
          onChange={(event) => setRole(event.target.value as StaffRole)}
        >
          {STAFF_ROLES.map((value) => (
            <option key={value} value={value}>
              {STAFF_ROLE_LABELS[value]}
            </option>
          ))}
        </select>
        {errors.role && <span className="block text-xs text-red-700">{errors.role}</span>}
      </label>
      <LoadingButton type="submit" isLoading={isLoading} onClick={() => undefined} className="mt-6">
        Send invitation
      </LoadingButton>
      {failure && <Banner variant="error">{failure}</Banner>}
    </form>
  );
}
