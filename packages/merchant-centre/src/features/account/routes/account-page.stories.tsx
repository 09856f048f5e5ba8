import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { ACCOUNT_MESSAGES } from '@cc/contract';
import { http, HttpResponse } from 'msw';
import { apiPath, defaultAnswers, failing, pending } from '../../../testing/api-handlers';
import { storedUser } from '../../../testing/fixtures';
import { BRAND_STORIES } from '../../../testing/story-brand';
import { withAppProviders } from '../../../testing/story-providers';
import { account, accountHandlers, device } from '../../../testing/story-account';
import { AccountPage } from './account-page';

const meta = {
  title: 'Merchant centre/Account/AccountPage',
  component: AccountPage,
  tags: ['autodocs'],
  decorators: [withAppProviders],
  parameters: {
    layout: 'fullscreen',
    path: '/account',
    session: storedUser({ email_verified: true }),
    msw: { handlers: { ...defaultAnswers, ...accountHandlers() } },
  },
} satisfies Meta<typeof AccountPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const region = (canvasElement: HTMLElement, name: string) =>
  within(canvasElement).findByRole('region', { name });

/** Verified, signed in on this device and a phone. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const email = within(await region(canvasElement, 'Sign-in email'));
    await expect(await email.findByText('Verified')).toBeVisible();
    const devices = within(await region(canvasElement, 'Signed-in devices'));
    await expect(await devices.findAllByRole('listitem')).toHaveLength(2);
    await expect(devices.getByText('This device')).toBeVisible();
  },
};

/** Not verified, and a new address waiting for its link to be followed. */
export const UnverifiedWithPendingEmail: Story = {
  name: 'Not verified, email change waiting',
  parameters: {
    msw: {
      handlers: {
        account: accountHandlers(account({ email_verified: false, pending_email: 'new@acme.test' }))
          .account,
      },
    },
  },
  play: async ({ canvasElement }) => {
    const email = within(await region(canvasElement, 'Sign-in email'));
    await expect(await email.findByText('Not verified')).toBeVisible();
    await expect(email.getByText('Waiting for confirmation: new@acme.test')).toBeVisible();
  },
};

/** A wrong current password: the server's error under that field. */
export const WrongCurrentPassword: Story = {
  name: 'Error (wrong current password)',
  parameters: {
    msw: {
      handlers: {
        password: http.post(apiPath('account/password/'), () =>
          HttpResponse.json(
            { current_password: [ACCOUNT_MESSAGES.currentPasswordWrong] },
            { status: 400 },
          ),
        ),
      },
    },
  },
  play: async ({ canvasElement, userEvent }) => {
    const password = within(await region(canvasElement, 'Password'));
    await userEvent.type(password.getByLabelText('Current password'), 'not-mine');
    await userEvent.type(password.getByLabelText('New password'), 'new-secret-1');
    await userEvent.type(password.getByLabelText('Confirm new password'), 'new-secret-1');
    await userEvent.click(password.getByRole('button', { name: 'Change password' }));
    await expect(await password.findByText(ACCOUNT_MESSAGES.currentPasswordWrong)).toBeVisible();
  },
};

/** Waiting for GET /account/ and the devices: spinners. */
export const Loading: Story = {
  parameters: {
    msw: {
      handlers: {
        account: pending('get', 'account/'),
        devices: pending('get', 'account/sessions/'),
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('status').length).toBeGreaterThan(0);
  },
};

/** Only this device: no sign-out buttons. */
export const OnlyThisDevice: Story = {
  name: 'Empty (only this device)',
  parameters: {
    msw: { handlers: accountHandlers(account(), [device('this', { current: true })]) },
  },
  play: async ({ canvasElement }) => {
    const devices = within(await region(canvasElement, 'Signed-in devices'));
    await expect(await devices.findAllByRole('listitem')).toHaveLength(1);
    await expect(devices.queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull();
  },
};

/** The account and the devices fail to load. */
export const Failed: Story = {
  name: 'Error (account fails to load)',
  parameters: {
    msw: {
      handlers: {
        account: failing('get', 'account/', 500),
        devices: failing('get', 'account/sessions/', 500),
      },
    },
  },
  play: async ({ canvas }) => {
    // The sections render once every query has settled; the line is asserted on the settled screen.
    await waitFor(
      () => expect(canvas.getByText('Your account could not be loaded.')).toBeVisible(),
      { timeout: 5000 },
    );
    // The screen stays: one that went back to its spinner whenever the devices section asked
    // again for its failed call would ask over and over, and this line would come and go.
    await new Promise((settle) => setTimeout(settle, 1000));
    await expect(canvas.getByText('Your account could not be loaded.')).toBeVisible();
    await expect(canvas.getByText('The signed-in devices could not be loaded.')).toBeVisible();
  },
};

/** Signing every other device out shows the server's message. */
export const SignOutEverywhereElse: Story = {
  name: 'Sign out everywhere else',
  play: async ({ canvasElement, userEvent }) => {
    const devices = within(await region(canvasElement, 'Signed-in devices'));
    await userEvent.click(await devices.findByRole('button', { name: 'Sign out everywhere else' }));
    await expect(await devices.findByText(ACCOUNT_MESSAGES.otherSessionsEnded)).toBeVisible();
  },
};

export const PromoPulse: Story = { ...Default, name: 'PromoPulse', globals: BRAND_STORIES.promo };
export const DiscountDen: Story = {
  ...Default,
  name: 'DiscountDen',
  globals: BRAND_STORIES.discount,
};
export const VoucherNest: Story = { ...Default, name: 'VoucherNest', globals: BRAND_STORIES.uk };
