import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, within } from 'storybook/test';
import { PASSKEY_MESSAGES } from '@cc/contract';
import { apiPath, pending } from '../../../testing/api-handlers';
import { storedUser } from '../../../testing/fixtures';
import { withAppProviders } from '../../../testing/story-providers';
import { PasskeysSection } from './passkeys-section';
import { fakeCeremony, passkeyHandlers } from '../../../testing/story-passkeys';

const meta = {
  title: 'Merchant centre/Account/PasskeysSection',
  component: PasskeysSection,
  tags: ['autodocs'],
  decorators: [withAppProviders],
  args: { ceremony: fakeCeremony() },
  parameters: {
    path: '/account',
    session: storedUser(),
    msw: { handlers: passkeyHandlers() },
  },
} satisfies Meta<typeof PasskeysSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two passkeys: when each was added and last used, and their buttons. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Work laptop')).toBeVisible();
    await expect(canvas.getByText(PASSKEY_MESSAGES.neverUsed)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Remove Phone' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: PASSKEY_MESSAGES.add })).toBeEnabled();
  },
};

/** The list still loading. */
export const Loading: Story = {
  parameters: {
    msw: { handlers: { ...passkeyHandlers(), passkeys: pending('get', 'account/passkeys/') } },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading the passkeys');
  },
};

/** No passkey yet. */
export const Empty: Story = {
  parameters: { msw: { handlers: passkeyHandlers([]) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(PASSKEY_MESSAGES.none)).toBeVisible();
  },
};

/** The list could not be loaded. */
export const LoadError: Story = {
  name: 'Error',
  parameters: {
    msw: {
      handlers: {
        ...passkeyHandlers(),
        passkeys: http.get(apiPath('account/passkeys/'), () =>
          HttpResponse.json({}, { status: 500 }),
        ),
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('The passkeys could not be loaded.')).toBeVisible();
  },
};

/** A browser without WebAuthn: the list, and why nothing can be added. */
export const Disabled: Story = {
  name: 'Disabled (browser without passkeys)',
  args: { ceremony: fakeCeremony({ isSupported: false }) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(PASSKEY_MESSAGES.unsupported)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: PASSKEY_MESSAGES.add })).toBeNull();
  },
};

/** Adding: the name and the password again. */
export const Adding: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: PASSKEY_MESSAGES.add }));
    await expect(canvas.getByLabelText(PASSKEY_MESSAGES.nameLabel)).toHaveValue(
      PASSKEY_MESSAGES.defaultName,
    );
    await expect(canvas.getByLabelText(PASSKEY_MESSAGES.passwordLabel)).toHaveAttribute(
      'type',
      'password',
    );
  },
};

/** A wrong password: the message under its field. */
export const WrongPassword: Story = {
  name: 'Error (wrong password)',
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: PASSKEY_MESSAGES.add }));
    await userEvent.type(canvas.getByLabelText(PASSKEY_MESSAGES.passwordLabel), 'nope');
    await userEvent.click(canvas.getByRole('button', { name: PASSKEY_MESSAGES.add }));
    await expect(await canvas.findByText(PASSKEY_MESSAGES.wrongPassword)).toBeVisible();
  },
};

/** The browser's prompt closed: the form says so and stays. */
export const Cancelled: Story = {
  args: { ceremony: fakeCeremony({ cancels: true }) },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: PASSKEY_MESSAGES.add }));
    await userEvent.type(canvas.getByLabelText(PASSKEY_MESSAGES.passwordLabel), 'demo1234');
    await userEvent.click(canvas.getByRole('button', { name: PASSKEY_MESSAGES.add }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(PASSKEY_MESSAGES.cancelled);
  },
};

/** Renaming one in place. */
export const Renaming: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Rename Phone' }));
    await expect(canvas.getByLabelText(PASSKEY_MESSAGES.nameLabel)).toHaveValue('Phone');
  },
};

/** Removing one asks first. */
export const ConfirmRemove: Story = {
  name: 'Remove (confirmation)',
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Remove Phone' }));
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('alertdialog');
    await expect(dialog).toHaveTextContent(PASSKEY_MESSAGES.removeConfirm);
  },
};
