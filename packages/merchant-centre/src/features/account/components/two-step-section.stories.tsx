import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { SECOND_FACTOR_MESSAGES } from '@cc/contract';
import { pending } from '../../../testing/api-handlers';
import { storedUser } from '../../../testing/fixtures';
import { withAppProviders } from '../../../testing/story-providers';
import { secondFactorHandlers, statusOn } from '../../../testing/story-second-factor';
import { TwoStepSection } from './two-step-section';

const meta = {
  title: 'Merchant centre/Account/TwoStepSection',
  component: TwoStepSection,
  tags: ['autodocs'],
  decorators: [withAppProviders],
  parameters: {
    path: '/account',
    session: storedUser(),
    msw: { handlers: secondFactorHandlers() },
  },
} satisfies Meta<typeof TwoStepSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Off: what it does, and the button that turns it on. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/Two-step sign-in is off/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Turn on two-step sign-in' })).toBeEnabled();
  },
};

/** The status still loading. */
export const Loading: Story = {
  parameters: {
    msw: {
      handlers: {
        ...secondFactorHandlers(),
        secondFactor: pending('get', 'account/second-factor/'),
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading two-step sign-in');
  },
};

/** The set-up: the QR code, the key to type, and the first code's field. */
export const SetUp: Story = {
  name: 'Set-up',
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Turn on two-step sign-in' }));
    await expect(
      await canvas.findByRole('img', { name: 'QR code to scan with your authenticator app' }),
    ).toBeVisible();
    await expect(canvas.getByLabelText('Key for your authenticator app')).toHaveTextContent(
      'JBSW Y3DP',
    );
    await expect(canvas.getByLabelText('Code from the app')).toBeVisible();
  },
};

/** A wrong first code: the message under the field. */
export const WrongCode: Story = {
  name: 'Error (wrong code)',
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Turn on two-step sign-in' }));
    await userEvent.type(await canvas.findByLabelText('Code from the app'), '000000');
    await userEvent.click(canvas.getByRole('button', { name: 'Turn on' }));
    await expect(await canvas.findByText(SECOND_FACTOR_MESSAGES.wrongCode)).toBeVisible();
  },
};

/** The right code: the ten recovery codes, shown this once. */
export const RecoveryCodes: Story = {
  name: 'Recovery codes',
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Turn on two-step sign-in' }));
    await userEvent.type(await canvas.findByLabelText('Code from the app'), '123456');
    await userEvent.click(canvas.getByRole('button', { name: 'Turn on' }));
    await expect(await canvas.findByRole('list', { name: 'Recovery codes' })).toBeVisible();
  },
};

/** On: the codes left, new ones and turning off with the password or a code. */
export const On: Story = {
  parameters: { msw: { handlers: secondFactorHandlers(statusOn) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/7 of 10 recovery codes left/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Turn off two-step sign-in' })).toBeEnabled();
  },
};

/** Turning off without the password or a code: the message above the fields. */
export const NeedsProof: Story = {
  name: 'Error (no password or code)',
  parameters: { msw: { handlers: secondFactorHandlers(statusOn) } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Turn off two-step sign-in' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      SECOND_FACTOR_MESSAGES.passwordOrCode,
    );
  },
};
