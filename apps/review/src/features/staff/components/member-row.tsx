import { useState } from 'react';
import { errorMessage } from '@cc/api/errors';
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffMember, type StaffRole } from '@cc/contract';
import { ConfirmDialog } from '@cc/ui/confirm-dialog';
import {
  useRemoveStaffMutation,
  useResetStaffSecondFactorMutation,
  useUpdateStaffMutation,
} from '../staff-api';

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : '—');
const button =
  'rounded border border-slate-400 px-2 py-1 text-xs font-semibold disabled:opacity-50';

/** One member: address, role (a select), status, dates, and disable/enable, reset of two-step sign-in (not one's own) and remove. */
export function MemberRow({
  member,
  onDone,
}: {
  member: StaffMember;
  onDone: (outcome: { message?: string; error?: string }) => void;
}) {
  const [update, updating] = useUpdateStaffMutation();
  const [remove] = useRemoveStaffMutation();
  const [resetSecondFactor] = useResetStaffSecondFactorMutation();
  const [confirming, setConfirming] = useState<'remove' | 'reset' | null>(null);
  const who = member.is_you ? `${member.email} (you)` : member.email;
  const isDisabled = member.status === 'disabled';

  async function change(body: { role?: StaffRole; disabled?: boolean }, done: string) {
    const result = await update({ id: member.id, ...body });
    onDone('error' in result ? { error: errorMessage(result.error) } : { message: done });
  }

  async function confirmRemove() {
    const result = await remove(member.id);
    setConfirming(null);
    onDone(
      'error' in result
        ? { error: errorMessage(result.error) }
        : { message: `${member.email} was removed.` },
    );
  }

  async function confirmReset() {
    const result = await resetSecondFactor(member.id);
    setConfirming(null);
    onDone(
      'error' in result
        ? { error: errorMessage(result.error) }
        : { message: `${member.email} sets up two-step sign-in again at their next sign-in.` },
    );
  }

  return (
    <tr className="border-t border-slate-200">
      <th scope="row" className="px-3 py-2 text-left font-normal">
        {who}
      </th>
      <td className="px-3 py-2">
        <select
          aria-label={`Role of ${member.email}`}
          className="rounded border border-slate-300 px-1 py-0.5"
          value={member.role}
          disabled={updating.isLoading}
          onChange={(event) => {
            const role = event.target.value as StaffRole;
            void change(
              { role },
              `${member.email} is now ${STAFF_ROLE_LABELS[role].toLowerCase()}.`,
            );
          }}
        >
          {STAFF_ROLES.map((value) => (
            <option key={value} value={value}>
              {STAFF_ROLE_LABELS[value]}
            </option>
          ))}
        </select>
      </td>
      <td className="px-3 py-2">{isDisabled ? 'Disabled' : 'Active'}</td>
      <td className="px-3 py-2">{day(member.invited_at)}</td>
      <td className="px-3 py-2">{day(member.joined_at)}</td>
      <td className="flex gap-2 px-3 py-2">
        <button
          type="button"
          className={button}
          disabled={updating.isLoading}
          aria-label={`${isDisabled ? 'Enable' : 'Disable'} ${member.email}`}
          onClick={() =>
            void change(
              { disabled: !isDisabled },
              isDisabled
                ? `${member.email} can sign in again.`
                : `${member.email} was disabled and signed out everywhere.`,
            )
          }
        >
          {isDisabled ? 'Enable' : 'Disable'}
        </button>
        {!member.is_you && (
          <button
            type="button"
            className={button}
            aria-label={`Reset sign-in of ${member.email}`}
            onClick={() => setConfirming('reset')}
          >
            Reset sign-in
          </button>
        )}
        <button
          type="button"
          className={button}
          aria-label={`Remove ${member.email}`}
          onClick={() => setConfirming('remove')}
        >
          Remove
        </button>
        <ConfirmDialog
          isOpen={confirming === 'reset'}
          title="Reset two-step sign-in"
          confirmLabel="Reset"
          cancelLabel="Keep"
          busyLabel="Resetting..."
          isDestructive
          onConfirm={confirmReset}
          onCancel={() => setConfirming(null)}
        >
          Reset two-step sign-in for {member.email}? Their authenticator app and recovery codes stop
          working and they are signed out everywhere. At their next sign-in they set up a new app.
        </ConfirmDialog>
        <ConfirmDialog
          isOpen={confirming === 'remove'}
          title="Remove staff member"
          confirmLabel="Remove"
          cancelLabel="Keep"
          busyLabel="Removing..."
          isDestructive
          onConfirm={confirmRemove}
          onCancel={() => setConfirming(null)}
        >
          Remove {member.email}? Their account is deleted and they are signed out everywhere. You
          can invite them again later.
        </ConfirmDialog>
      </td>
    </tr>
  );
}
