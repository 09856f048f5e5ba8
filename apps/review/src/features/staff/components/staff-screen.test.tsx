import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { STAFF_MESSAGES, type StaffList } from '@cc/contract';
import { ADMIN, invitation, REVIEWER } from '../../../testing/console-fixtures';
import { queueOf, renderConsole, STAFF } from '../../../testing/render-console';
import { server } from '../../../testing/server';

const LATER = '2026-11-30T12:00:00.000Z';

/** The Staff calls as the server answers them, the list changing with each call; records what was sent. */
function staffServer(initial: StaffList = { members: [ADMIN, REVIEWER], invitations: [] }) {
  let list = structuredClone(initial);
  const sent: string[] = [];
  server.use(
    http.get('*/api/v1/review/stores/', () => HttpResponse.json(queueOf())),
    http.get('*/api/v1/staff/', () => HttpResponse.json(list)),
    http.post('*/api/v1/staff/invitations/', async ({ request }) => {
      const body = (await request.json()) as { email: string; role: 'admin' | 'reviewer' };
      sent.push(`invite ${JSON.stringify(body)}`);
      if (body.email === ADMIN.email)
        return HttpResponse.json({ email: [STAFF_MESSAGES.alreadyStaff] }, { status: 400 });
      const invitation = {
        id: 9,
        email: body.email,
        role: body.role,
        invited_at: LATER,
        expires_at: LATER,
        status: 'pending' as const,
        invited_by: ADMIN.email,
      };
      list = { ...list, invitations: [invitation] };
      return HttpResponse.json(invitation, { status: 201 });
    }),
    http.patch('*/api/v1/staff/:id/', async ({ params, request }) => {
      const body = (await request.json()) as { role?: 'admin' | 'reviewer'; disabled?: boolean };
      sent.push(`patch ${String(params.id)} ${JSON.stringify(body)}`);
      if (Number(params.id) === ADMIN.id)
        return HttpResponse.json({ message: STAFF_MESSAGES.lastAdmin }, { status: 409 });
      list = {
        ...list,
        members: list.members.map((member) =>
          member.id === Number(params.id)
            ? {
                ...member,
                ...(body.role ? { role: body.role } : {}),
                ...(body.disabled === undefined
                  ? {}
                  : { status: body.disabled ? 'disabled' : 'active' }),
              }
            : member,
        ),
      };
      return HttpResponse.json(list.members.find((member) => member.id === Number(params.id)));
    }),
    http.delete('*/api/v1/staff/:id/second-factor/', ({ params }) => {
      sent.push(`reset ${String(params.id)}`);
      return new HttpResponse(null, { status: 204 });
    }),
    http.delete('*/api/v1/staff/invitations/:id/', ({ params }) => {
      sent.push(`withdraw ${String(params.id)}`);
      list = {
        ...list,
        invitations: list.invitations.filter((entry) => entry.id !== Number(params.id)),
      };
      return new HttpResponse(null, { status: 204 });
    }),
    http.delete('*/api/v1/staff/:id/', ({ params }) => {
      sent.push(`remove ${String(params.id)}`);
      list = { ...list, members: list.members.filter((member) => member.id !== Number(params.id)) };
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return sent;
}

async function openStaff() {
  const view = renderConsole({ session: STAFF });
  await view.user.click(await screen.findByRole('button', { name: 'Staff' }));
  expect(await screen.findByRole('heading', { level: 2, name: 'Staff' })).toBeVisible();
  return view;
}

const rowOf = async (email: string) =>
  (await screen.findByRole('rowheader', { name: new RegExp(email) })).closest('tr') as HTMLElement;

describe('staff screen', () => {
  it('lists each member with role, status, invited and joined dates, and the pending invitations', async () => {
    staffServer({
      members: [ADMIN, REVIEWER],
      invitations: [
        {
          id: 7,
          email: 'new@couponcenter.local',
          role: 'admin',
          invited_at: LATER,
          expires_at: LATER,
          status: 'expired',
          invited_by: ADMIN.email,
        },
      ],
    });
    await openStaff();
    const members = await screen.findByRole('table', { name: 'Staff members' });
    expect(
      within(members)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Email', 'Role', 'Status', 'Invited', 'Joined', 'Actions']);
    expect(within(members).getByRole('rowheader', { name: `${STAFF.email} (you)` })).toBeVisible();
    const rita = await rowOf(REVIEWER.email);
    expect(within(rita).getByRole('combobox', { name: `Role of ${REVIEWER.email}` })).toHaveValue(
      'reviewer',
    );
    expect(within(rita).getByText('Active')).toBeVisible();
    expect(
      within(rita).getByText(new Date(REVIEWER.invited_at ?? '').toLocaleDateString()),
    ).toBeVisible();
    const invitations = screen.getByRole('table', { name: 'Invitations' });
    expect(
      within(invitations).getByRole('rowheader', { name: 'new@couponcenter.local' }),
    ).toBeVisible();
    expect(within(invitations).getByText('Expired')).toBeVisible();
  });

  it('invites an address as reviewer or admin, shows a refused address’s field error, and lists the new invitation', async () => {
    const sent = staffServer();
    const { user } = await openStaff();
    const form = screen.getByRole('form', { name: 'Invite staff' });
    await user.type(within(form).getByLabelText(/^Email/), ADMIN.email);
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText(STAFF_MESSAGES.alreadyStaff)).toBeVisible();

    await user.clear(within(form).getByLabelText(/^Email/));
    await user.type(within(form).getByLabelText(/^Email/), 'ann@couponcenter.local');
    await user.selectOptions(within(form).getByLabelText('Role'), 'Admin');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(
      await screen.findByText(
        /^Invitation sent\. ann@couponcenter\.local can set a password until/,
      ),
    ).toBeVisible();
    const invitations = await screen.findByRole('table', { name: 'Invitations' });
    expect(
      within(invitations).getByRole('rowheader', { name: 'ann@couponcenter.local' }),
    ).toBeVisible();
    expect(sent.at(-1)).toBe('invite {"email":"ann@couponcenter.local","role":"admin"}');
  });

  it('changes a role, disables and re-enables, and shows the server’s reason when the last admin is refused', async () => {
    const sent = staffServer();
    const { user } = await openStaff();
    await user.selectOptions(within(await rowOf(REVIEWER.email)).getByRole('combobox'), 'Admin');
    expect(await screen.findByText(`${REVIEWER.email} is now admin.`)).toBeVisible();
    await user.click(
      within(await rowOf(REVIEWER.email)).getByRole('button', {
        name: `Disable ${REVIEWER.email}`,
      }),
    );
    expect(
      await screen.findByText(`${REVIEWER.email} was disabled and signed out everywhere.`),
    ).toBeVisible();
    expect(await within(await rowOf(REVIEWER.email)).findByText('Disabled')).toBeVisible();
    await user.click(
      within(await rowOf(REVIEWER.email)).getByRole('button', { name: `Enable ${REVIEWER.email}` }),
    );
    expect(await screen.findByText(`${REVIEWER.email} can sign in again.`)).toBeVisible();

    await user.selectOptions(within(await rowOf(ADMIN.email)).getByRole('combobox'), 'Reviewer');
    expect(await screen.findByText(STAFF_MESSAGES.lastAdmin)).toBeVisible();
    expect(within(await rowOf(ADMIN.email)).getByRole('combobox')).toHaveValue('admin');
    expect(sent).toEqual([
      'patch 5 {"role":"admin"}',
      'patch 5 {"disabled":true}',
      'patch 5 {"disabled":false}',
      'patch 2 {"role":"reviewer"}',
    ]);
  });

  it('removes a member only after the confirmation dialog', async () => {
    const sent = staffServer();
    const { user } = await openStaff();
    await user.click(
      within(await rowOf(REVIEWER.email)).getByRole('button', { name: `Remove ${REVIEWER.email}` }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove staff member' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(sent).toEqual([]);
    await user.click(
      within(await rowOf(REVIEWER.email)).getByRole('button', { name: `Remove ${REVIEWER.email}` }),
    );
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }),
    );
    expect(await screen.findByText(`${REVIEWER.email} was removed.`)).toBeVisible();
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: REVIEWER.email })).toBeNull(),
    );
    expect(sent).toEqual(['remove 5']);
  });

  it("resets another member's two-step sign-in after the confirmation dialog; never one's own", async () => {
    const sent = staffServer();
    const { user } = await openStaff();
    expect(
      within(await rowOf(ADMIN.email)).queryByRole('button', { name: /Reset two-step sign-in/ }),
    ).toBeNull();
    await user.click(
      within(await rowOf(REVIEWER.email)).getByRole('button', {
        name: `Reset sign-in of ${REVIEWER.email}`,
      }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Reset two-step sign-in' });
    expect(dialog).toHaveTextContent('they are signed out everywhere');
    await user.click(within(dialog).getByRole('button', { name: 'Keep' }));
    expect(sent).toEqual([]);
    await user.click(
      within(await rowOf(REVIEWER.email)).getByRole('button', {
        name: `Reset sign-in of ${REVIEWER.email}`,
      }),
    );
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reset' }),
    );
    expect(
      await screen.findByText(
        `${REVIEWER.email} sets up two-step sign-in again at their next sign-in.`,
      ),
    ).toBeVisible();
    expect(sent).toEqual(['reset 5']);
  });

  it('withdraws a pending invitation, which leaves the list', async () => {
    const sent = staffServer({
      members: [ADMIN],
      invitations: [invitation(7, 'new@couponcenter.local')],
    });
    const { user } = await openStaff();
    const invitations = await screen.findByRole('table', { name: 'Invitations' });
    await user.click(
      within(invitations).getByRole('button', {
        name: 'Withdraw the invitation to new@couponcenter.local',
      }),
    );
    expect(
      await screen.findByText('The invitation to new@couponcenter.local was withdrawn.'),
    ).toBeVisible();
    expect(await screen.findByText('No invitation is waiting.')).toBeVisible();
    expect(sent).toEqual(['withdraw 7']);
  });

  it('shows the server’s message when the list cannot be loaded', async () => {
    server.use(
      http.get('*/api/v1/review/stores/', () => HttpResponse.json(queueOf())),
      http.get('*/api/v1/staff/', () =>
        HttpResponse.json({ message: 'The staff list is unavailable.' }, { status: 503 }),
      ),
    );
    await openStaff();
    expect(await screen.findByRole('alert')).toHaveTextContent('The staff list is unavailable.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('a reviewer sees neither the Staff nor the Audit screen', async () => {
    server.use(
      http.get('*/api/v1/review/stores/', () => HttpResponse.json(queueOf())),
      http.get('*/api/v1/staff/me/', () =>
        HttpResponse.json({ id: 5, email: REVIEWER.email, role: 'reviewer' }),
      ),
    );
    renderConsole({ session: { token: 'access-1', email: REVIEWER.email } });
    expect(await screen.findByText('Nothing to review.')).toBeVisible();
    // The header names the role once the server said it; the menu is the reviewer's from then on.
    expect(await screen.findByText('(Reviewer)')).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Stores', 'Failing codes', 'Passkeys']);
    expect(screen.queryByRole('button', { name: 'Staff' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Audit' })).toBeNull();
  });
});
