import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ACCOUNT_MESSAGES } from '@cc/contract';
import { defaultAnswers, failing } from '../../../testing/api-handlers';
import { storedUser } from '../../../testing/fixtures';
import { BRAND_STORIES } from '../../../testing/story-brand';
import { withAppProviders } from '../../../testing/story-providers';
import { verificationMailAnswer } from '../../../testing/story-account';
import { VerificationBanner } from './verification-banner';

const meta = {
  title: 'Merchant centre/Account/VerificationBanner',
  component: VerificationBanner,
  tags: ['autodocs'],
  decorators: [withAppProviders],
  args: { email: 'owner@acme.test' },
  parameters: {
    path: '/my-store',
    session: storedUser({ email_verified: false }),
    msw: { handlers: { ...defaultAnswers, verificationMail: verificationMailAnswer() } },
  },
} satisfies Meta<typeof VerificationBanner>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Not verified: where the link went, and the button to send it again. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Please verify your email address. We sent a link to owner@acme.test.',
    );
    await expect(canvas.getByRole('button', { name: 'Resend verification email' })).toBeEnabled();
  },
};

/** Sent: the server's message, and the button counting down to the next send. */
export const Sent: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Resend verification email' }));
    await expect(await canvas.findByText(ACCOUNT_MESSAGES.verificationSent)).toBeVisible();
    await expect(canvas.getByRole('button', { name: /^Resend available in \d+s$/ })).toBeDisabled();
  },
};

/** Too soon (429): the same wait, from the server's answer. */
export const TooSoon: Story = {
  name: 'Disabled (sent too recently, 429)',
  parameters: {
    msw: {
      handlers: { verificationMail: verificationMailAnswer({ isTooSoon: true, seconds: 40 }) },
    },
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Resend verification email' }));
    await expect(await canvas.findByText(ACCOUNT_MESSAGES.verificationTooSoon)).toBeVisible();
    await expect(canvas.getByRole('button', { name: /^Resend available in \d+s$/ })).toBeDisabled();
  },
};

/** The send fails: its message in the banner, and the button stays usable. */
export const Failed: Story = {
  name: 'Error (the send fails)',
  parameters: {
    msw: {
      handlers: {
        verificationMail: failing('post', 'account/verification-email/', 500, 'Mail is down'),
      },
    },
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Resend verification email' }));
    await expect(await canvas.findByText('Mail is down')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Resend verification email' })).toBeEnabled();
  },
};

export const VoucherNest: Story = { ...Default, name: 'VoucherNest', globals: BRAND_STORIES.uk };
export const PromoPulse: Story = { ...Default, name: 'PromoPulse', globals: BRAND_STORIES.promo };
export const DiscountDen: Story = {
  ...Default,
  name: 'DiscountDen',
  globals: BRAND_STORIES.discount,
};
