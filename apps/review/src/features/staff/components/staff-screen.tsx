import { useState } from 'react';
import { errorMessage } from '@cc/api/errors';
import { STAFF_ROLE_LABELS, type StaffInvitation } from '@cc/contract';
import { Banner } from '@cc/ui/banner';
import { WideTable } from '../../../components/wide-table';
import { useAutoHide } from '../../../lib/use-auto-hide';
import { useStaffListQuery, useWithdrawInvitationMutation } from '../staff-api';
import { InviteForm } from './invite-form';
import { MemberRow } from './member-row';

const header = 'bg-slate-100 text-xs uppercase text-slate-600';
const table = 'w-full text-left text-sm';

function Headings({ titles }: { titles: string[] }) {
  return (
    <thead className={header}>
      <tr>
        {titles.map((title) => (
          <th key={title} scope="col" className="px-3 py-2">
            {title}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function InvitationRow({
  invitation,
  onWithdraw,
}: {
  invitation: StaffInvitation;
  onWithdraw: (invitation: StaffInvitation) => void;
}) {
  return (
    <tr className="border-t border-slate-200">
      <th scope="row" className="px-3 py-2 text-left font-normal">
        {invitation.email}
      </th>
      <td className="px-3 py-2">{STAFF_ROLE_LABELS[invitation.role]}</td>
      <td className="px-3 py-2">
        {invitation.status === 'pending'
          ? `Until ${new Date(invitation.expires_at).toLocaleString()}`
          : 'Expired'}
      </td>
      <td className="px-3 py-2">{invitation.invited_by || '—'}</td>
      <td className="px-3 py-2">
        <button
          type="button"
          className="rounded border border-slate-400 px-2 py-1 text-xs font-semibold"
          aria-label={`Withdraw the invitation to ${invitation.email}`}
          onClick={() => onWithdraw(invitation)}
        >
          Withdraw
        </button>
      </td>
    </tr>
  );
}

/** Admins only: invite staff, list members and invitations, change roles, disable, enable and remove. */
export function StaffScreen() {
  const list = useStaffListQuery();
  const [withdraw] = useWithdrawInvitationMutation();
  const [outcome, setOutcome] = useState<{ message?: string; error?: string } | null>(null);
  const shown = useAutoHide(outcome);
  const listError = useAutoHide(list.error);

  async function withdrawInvitation(invitation: StaffInvitation) {
    const result = await withdraw(invitation.id);
    setOutcome(
      'error' in result
        ? { error: errorMessage(result.error) }
        : { message: `The invitation to ${invitation.email} was withdrawn.` },
    );
  }

  return (
    <section aria-labelledby="staff-title" className="mx-auto flex max-w-7xl flex-col gap-4 p-6">
      <h2 id="staff-title" className="text-xl font-bold">
        Staff
      </h2>
      <InviteForm onInvited={(message) => setOutcome({ message })} />
      {shown?.message && <Banner variant="info">{shown.message}</Banner>}
      {shown?.error && <Banner variant="error">{shown.error}</Banner>}
      {listError && <Banner variant="error">{errorMessage(listError)}</Banner>}
      {list.isLoading && <p>Loading staff…</p>}
      {list.data && (
        <>
          <WideTable label="Staff members">
            <table aria-label="Staff members" aria-busy={list.isFetching} className={table}>
              <Headings titles={['Email', 'Role', 'Status', 'Invited', 'Joined', 'Actions']} />
              <tbody>
                {list.data.members.map((member) => (
                  <MemberRow key={member.id} member={member} onDone={setOutcome} />
                ))}
              </tbody>
            </table>
          </WideTable>
          <h3 className="text-lg font-bold">Invitations</h3>
          {list.data.invitations.length === 0 ? (
            <p className="text-sm text-slate-600">No invitation is waiting.</p>
          ) : (
            <WideTable label="Invitations">
              <table aria-label="Invitations" className={table}>
                <Headings titles={['Email', 'Role', 'Link works', 'Invited by', 'Actions']} />
                <tbody>
                  {list.data.invitations.map((invitation) => (
                    <InvitationRow
                      key={invitation.id}
                      invitation={invitation}
                      onWithdraw={(chosen) => void withdrawInvitation(chosen)}
                    />
                  ))}
                </tbody>
              </table>
            </WideTable>
          )}
        </>
      )}
    </section>
  );
}
