import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import type { JsonBodyType } from 'msw';
import { MESSAGES, STAFF_MESSAGES } from '@cc/contract';
import { answer, unanswered } from '../../../testing/api-answers';
import { withConsoleProviders } from '../../../testing/story-providers';
import { fillAndPress } from '../../../testing/story-steps';
import { AcceptInvitation } from './accept-invitation';

/** POST /staff/invitations/lookup/: the invitation of the link is a reviewer's. */
const lookup = answer('post', 'staff/invitations/lookup/', {
  email: 'rita@couponcenter.local',
  role: 'reviewer',
});

const meta = {
  title: 'Staff console/Staff/AcceptInvitation',
  component: AcceptInvitation,
  tags: ['autodocs'],
  decorators: [withConsoleProviders],
  args: { token: 'invitation-token-1', onSignIn: fn() },
  parameters: { layout: 'fullscreen', msw: { handlers: { lookup } } },
} satisfies Meta<typeof AcceptInvitation>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Types `password` twice and presses "Create my account". */
async function choose(context: Parameters<NonNullable<Story['play']>>[0], password: string) {
  await context.canvas.findByRole('form', { name: 'Set your password' });
  await fillAndPress(
    context,
    { Password: password, 'Confirm password': password },
    'Create my account',
  );
}

/** POST /staff/invitations/accept/ answering `body` with `status`, after the lookup. */
const accepting = (body: JsonBodyType, status: number) => ({
  lookup,
  accept: answer('post', 'staff/invitations/accept/', body, status),
});

/** The address and role of the invitation, and the password to choose. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/You were invited as a reviewer/)).toHaveTextContent(
      'Choose a password for rita@couponcenter.local',
    );
    await expect(canvas.getByRole('button', { name: 'Create my account' })).toBeEnabled();
  },
};

/** Checking the link. */
export const Loading: Story = {
  parameters: { msw: { handlers: { lookup: unanswered('post', 'staff/invitations/lookup/') } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Checking your invitation…')).toBeVisible();
    await expect(canvas.queryByRole('form')).toBeNull();
  },
};

/** A link used already or past its 72 hours: said so, and no form. */
export const Expired: Story = {
  name: 'Error (expired link)',
  parameters: {
    msw: {
      handlers: {
        lookup: answer(
          'post',
          'staff/invitations/lookup/',
          { token: [STAFF_MESSAGES.invitationExpired] },
          400,
        ),
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      STAFF_MESSAGES.invitationExpired,
    );
    await expect(canvas.queryByRole('form', { name: 'Set your password' })).toBeNull();
  },
};

/** A link without its token: the mail's link is asked for again, without a call. */
export const IncompleteLink: Story = {
  name: 'Error (incomplete link)',
  args: { token: '' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'This invitation link is incomplete. Open the link from the mail again.',
    );
  },
};

/** A common password: the server's refusal under the field. */
export const PasswordRefused: Story = {
  name: 'Error (common password)',
  parameters: { msw: { handlers: accepting({ password: [MESSAGES.passwordTooCommon] }, 400) } },
  play: async (context) => {
    await choose(context, 'password1');
    await expect(await context.canvas.findByText(MESSAGES.passwordTooCommon)).toBeVisible();
  },
};

/** The account is made: on to sign in. */
export const AccountCreated: Story = {
  name: 'Account created',
  parameters: { msw: { handlers: accepting({ message: STAFF_MESSAGES.accountCreated }, 201) } },
  play: async (context) => {
    await choose(context, 'a-long-staff-secret');
    await expect(await context.canvas.findByText(STAFF_MESSAGES.accountCreated)).toBeVisible();
    await context.userEvent.click(context.canvas.getByRole('button', { name: 'Go to sign in' }));
    await expect(context.args.onSignIn).toHaveBeenCalled();
  },
};
