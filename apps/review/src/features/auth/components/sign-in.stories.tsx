import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { MESSAGES } from '@cc/contract';
import { answer, unanswered } from '../../../testing/api-answers';
import { codeChallenge, STAFF, staffTokens } from '../../../testing/console-fixtures';
import { withConsoleProviders } from '../../../testing/story-providers';
import { fillAndPress } from '../../../testing/story-steps';
import { SignIn } from './sign-in';

const meta = {
  title: 'Staff console/Auth/SignIn',
  component: SignIn,
  tags: ['autodocs'],
  decorators: [withConsoleProviders],
  args: { onSignedIn: fn() },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SignIn>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Types the admin's address and a password, and presses SIGN IN. */
const submit = (context: Parameters<NonNullable<Story['play']>>[0]) =>
  fillAndPress(context, { Email: STAFF.email, Password: 'staff1234' }, 'SIGN IN');

/** The empty form. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Staff sign in' })).toBeVisible();
    await expect(canvas.getByLabelText(/^Email/)).toHaveValue('');
    await expect(canvas.getByRole('button', { name: 'SIGN IN' })).toBeEnabled();
  },
};

/** Waiting for the server to check the password: the button is busy. */
export const Loading: Story = {
  name: 'Loading (checking the password)',
  parameters: { msw: { handlers: { login: unanswered('post', 'auth/email-login/') } } },
  play: async (context) => {
    await submit(context);
    await expect(await context.canvas.findByRole('button', { name: 'SIGN IN' })).toBeDisabled();
  },
};

/** A wrong password: the server's message. */
export const WrongPassword: Story = {
  name: 'Error (wrong password)',
  parameters: {
    msw: {
      handlers: {
        login: answer('post', 'auth/email-login/', { message: MESSAGES.invalidCredentials }, 401),
      },
    },
  },
  play: async (context) => {
    await submit(context);
    await expect(await context.canvas.findByRole('alert')).toHaveTextContent(
      MESSAGES.invalidCredentials,
    );
    await expect(context.args.onSignedIn).not.toHaveBeenCalled();
  },
};

/** A merchant's account: the queue refuses it (403), the session is ended and the console says why. */
export const NotStaff: Story = {
  name: 'Error (not a staff account)',
  parameters: {
    msw: {
      handlers: {
        login: answer('post', 'auth/email-login/', staffTokens()),
        queue: answer(
          'get',
          'review/stores/',
          { message: 'You do not have permission to perform this action.' },
          403,
        ),
        logout: answer('post', 'auth/logout/', null, 204),
      },
    },
  },
  play: async (context) => {
    await submit(context);
    await expect(await context.canvas.findByRole('alert')).toHaveTextContent(
      'This account is not a staff account.',
    );
    await expect(context.args.onSignedIn).not.toHaveBeenCalled();
  },
};

/** The password was right: the second step follows in the same card. */
export const SecondStepFollows: Story = {
  name: 'Password right, second step next',
  parameters: {
    msw: { handlers: { login: answer('post', 'auth/email-login/', codeChallenge()) } },
  },
  play: async (context) => {
    await submit(context);
    await expect(
      await context.canvas.findByRole('heading', { name: 'Two-step sign-in' }),
    ).toBeVisible();
    await expect(context.canvas.getByLabelText(/^Code/)).toBeVisible();
  },
};
