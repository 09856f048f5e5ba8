import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { STAFF_MESSAGES, type StaffList } from '@cc/contract';
import { answer, unanswered } from '../../../testing/api-answers';
import { ADMIN, invitation, REVIEWER, STAFF } from '../../../testing/console-fixtures';
import { withConsoleProviders } from '../../../testing/story-providers';
import { StaffScreen } from './staff-screen';

/** GET /staff/ answering `list`. */
const listOf = (list: StaffList) => ({ list: answer('get', 'staff/', list) });

const meta = {
  title: 'Staff console/Staff/StaffScreen',
  component: StaffScreen,
  tags: ['autodocs'],
  decorators: [withConsoleProviders],
  parameters: {
    layout: 'fullscreen',
    session: STAFF,
    msw: {
      handlers: listOf({
        members: [ADMIN, REVIEWER],
        invitations: [invitation(7, 'new@couponcenter.local', { role: 'admin' })],
      }),
    },
  },
} satisfies Meta<typeof StaffScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The table row of the member whose address starts `email`. */
async function rowOf(canvasElement: HTMLElement, email: string) {
  const members = await within(canvasElement).findByRole('table', { name: 'Staff members' });
  const header = await within(members).findByRole('rowheader', { name: new RegExp(`^${email}`) });
  const row = header.closest('tr');
  if (!row) throw new Error(`${email} has no row`);
  return within(row);
}

/** You, a reviewer and a pending invitation. */
export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('form', { name: 'Invite staff' })).toBeVisible();
    const you = await rowOf(canvasElement, ADMIN.email);
    await expect(you.getByRole('rowheader')).toHaveTextContent(`${ADMIN.email} (you)`);
    // Nobody resets their own two-step sign-in.
    await expect(you.queryByRole('button', { name: /^Reset sign-in/ })).toBeNull();
    const rita = await rowOf(canvasElement, REVIEWER.email);
    await expect(rita.getByRole('combobox', { name: `Role of ${REVIEWER.email}` })).toHaveValue(
      'reviewer',
    );
    const invitations = canvas.getByRole('table', { name: 'Invitations' });
    await expect(
      within(invitations).getByRole('rowheader', { name: 'new@couponcenter.local' }),
    ).toBeVisible();
  },
};

/** Waiting for GET /staff/. */
export const Loading: Story = {
  parameters: { msw: { handlers: { list: unanswered('get', 'staff/') } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Loading staff…')).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

/** Only you, and no invitation waiting. */
export const Empty: Story = {
  name: 'Empty (only you)',
  parameters: { msw: { handlers: listOf({ members: [ADMIN], invitations: [] }) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No invitation is waiting.')).toBeVisible();
    await expect(canvas.queryByRole('table', { name: 'Invitations' })).toBeNull();
  },
};

/** The list fails to load: the server's message. */
export const Failed: Story = {
  name: 'Error (list fails to load)',
  parameters: {
    msw: { handlers: { list: answer('get', 'staff/', { message: 'Something went wrong.' }, 500) } },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Something went wrong.');
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

/** A disabled reviewer can be enabled; making the last admin a reviewer is refused with the server's reason. */
export const DisabledMemberAndLastAdmin: Story = {
  name: 'Disabled member, last admin refused',
  parameters: {
    msw: {
      handlers: {
        ...listOf({ members: [ADMIN, { ...REVIEWER, status: 'disabled' }], invitations: [] }),
        update: answer('patch', `staff/${ADMIN.id}/`, { message: STAFF_MESSAGES.lastAdmin }, 409),
      },
    },
  },
  play: async ({ canvas, canvasElement, userEvent }) => {
    const rita = await rowOf(canvasElement, REVIEWER.email);
    await expect(rita.getByText('Disabled')).toBeVisible();
    await expect(rita.getByRole('button', { name: `Enable ${REVIEWER.email}` })).toBeVisible();
    const you = await rowOf(canvasElement, ADMIN.email);
    await userEvent.selectOptions(
      you.getByRole('combobox', { name: `Role of ${ADMIN.email}` }),
      'Reviewer',
    );
    await expect(await canvas.findByText(STAFF_MESSAGES.lastAdmin)).toBeVisible();
    await expect(you.getByRole('combobox', { name: `Role of ${ADMIN.email}` })).toHaveValue(
      'admin',
    );
  },
};

/** "Remove" asks first: the confirmation is open. */
export const RemoveConfirmation: Story = {
  name: 'Remove, confirmation open',
  play: async ({ canvasElement, userEvent }) => {
    const rita = await rowOf(canvasElement, REVIEWER.email);
    await userEvent.click(rita.getByRole('button', { name: `Remove ${REVIEWER.email}` }));
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('alertdialog', {
      name: 'Remove staff member',
    });
    await expect(dialog).toHaveTextContent(`Remove ${REVIEWER.email}?`);
    await expect(within(dialog).getByRole('button', { name: 'Keep' })).toBeVisible();
  },
};

/** "Reset sign-in" asks first: the confirmation says what the member loses. */
export const ResetConfirmation: Story = {
  name: 'Reset two-step sign-in, confirmation open',
  play: async ({ canvasElement, userEvent }) => {
    const rita = await rowOf(canvasElement, REVIEWER.email);
    await userEvent.click(rita.getByRole('button', { name: `Reset sign-in of ${REVIEWER.email}` }));
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('alertdialog', {
      name: 'Reset two-step sign-in',
    });
    await expect(dialog).toHaveTextContent('they are signed out everywhere');
    await expect(within(dialog).getByRole('button', { name: 'Reset' })).toBeVisible();
  },
};
