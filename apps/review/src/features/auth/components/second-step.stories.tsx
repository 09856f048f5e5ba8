import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import type { JsonBodyType } from 'msw';
import { SECOND_FACTOR_MESSAGES } from '@cc/contract';
import { ConsoleCard } from '../../../components/console-card';
import { answer, unanswered } from '../../../testing/api-answers';
import {
  codeChallenge,
  enrolChallenge,
  RECOVERY_CODES,
  staffTokens,
} from '../../../testing/console-fixtures';
import { withConsoleProviders } from '../../../testing/story-providers';
import { fillAndPress } from '../../../testing/story-steps';
import { SecondStep } from './second-step';

/** POST /auth/second-factor/ answering `body` with `status`. */
const secondFactor = (body: JsonBodyType, status = 200) => ({
  code: answer('post', 'auth/second-factor/', body, status),
});

const meta = {
  title: 'Staff console/Auth/SecondStep',
  component: SecondStep,
  tags: ['autodocs'],
  // The step shows in the sign-in's card, under its title.
  decorators: [
    (Story) => <ConsoleCard title="Two-step sign-in">{Story()}</ConsoleCard>,
    withConsoleProviders,
  ],
  args: { challenge: codeChallenge(), onSignedIn: fn(() => Promise.resolve()), onRestart: fn() },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SecondStep>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Types `code` into the field (the app's or a recovery code) and presses `button`. */
const send = (context: Parameters<NonNullable<Story['play']>>[0], code: string, button: string) =>
  fillAndPress(context, { '(Code|Recovery code)': code }, button);

/** An enrolled member: the code from their app. */
export const Default: Story = {
  name: 'Code challenge',
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText('Enter the 6-digit code your authenticator app shows.'),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'VERIFY' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Use a recovery code' })).toBeVisible();
  },
};

/** A wrong code: the server's message under the field, and no session. */
export const WrongCode: Story = {
  name: 'Error (wrong code)',
  parameters: {
    msw: { handlers: secondFactor({ code: [SECOND_FACTOR_MESSAGES.wrongCode] }, 400) },
  },
  play: async (context) => {
    await send(context, '111111', 'VERIFY');
    await expect(await context.canvas.findByText(SECOND_FACTOR_MESSAGES.wrongCode)).toBeVisible();
    await expect(context.canvas.getByLabelText(/^Code/)).toHaveAttribute('aria-invalid', 'true');
    await expect(context.args.onSignedIn).not.toHaveBeenCalled();
  },
};

/** Too many wrong codes: sign-in is locked, said in a banner. */
export const Locked: Story = {
  name: 'Error (locked)',
  parameters: { msw: { handlers: secondFactor({ message: SECOND_FACTOR_MESSAGES.locked }, 429) } },
  play: async (context) => {
    await send(context, '111111', 'VERIFY');
    await expect(await context.canvas.findByRole('alert')).toHaveTextContent(
      SECOND_FACTOR_MESSAGES.locked,
    );
  },
};

/** Waiting for the server to check the code: the button is busy. */
export const Loading: Story = {
  name: 'Loading (checking the code)',
  parameters: { msw: { handlers: { code: unanswered('post', 'auth/second-factor/') } } },
  play: async (context) => {
    await send(context, '123456', 'VERIFY');
    await expect(await context.canvas.findByRole('button', { name: 'VERIFY' })).toBeDisabled();
  },
};

/** Without the phone: a recovery code instead. */
export const RecoveryCode: Story = {
  name: 'Recovery code instead',
  parameters: { msw: { handlers: secondFactor(staffTokens()) } },
  play: async (context) => {
    await context.userEvent.click(
      context.canvas.getByRole('button', { name: 'Use a recovery code' }),
    );
    await expect(context.canvas.getByText('Enter one of your recovery codes.')).toBeVisible();
    await send(context, RECOVERY_CODES[0] ?? '', 'VERIFY');
    await waitFor(() => expect(context.args.onSignedIn).toHaveBeenCalled());
  },
};

/** The first sign-in: the QR code and key of a new app, and its code to confirm. */
export const Enrolment: Story = {
  args: { challenge: enrolChallenge() },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('img', { name: 'QR code to scan with your authenticator app' }),
    ).toBeVisible();
    await expect(canvas.getByLabelText('Key for your authenticator app')).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP',
    );
    await expect(canvas.getByRole('button', { name: 'CONFIRM' })).toBeEnabled();
    await expect(canvas.queryByRole('button', { name: 'Use a recovery code' })).toBeNull();
  },
};

/** The app's code confirmed: the recovery codes, shown this once, before the console opens. */
export const EnrolmentRecoveryCodes: Story = {
  name: 'Enrolment, recovery codes shown',
  args: { challenge: enrolChallenge() },
  parameters: {
    msw: { handlers: secondFactor({ ...staffTokens(), recovery_codes: RECOVERY_CODES }) },
  },
  play: async (context) => {
    await send(context, '123456', 'CONFIRM');
    const list = await context.canvas.findByRole('list', { name: 'Recovery codes' });
    await expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RECOVERY_CODES);
    await expect(
      context.canvas.getByRole('button', { name: 'I have saved them: open the console' }),
    ).toBeVisible();
    await expect(context.args.onSignedIn).not.toHaveBeenCalled();
  },
};
