import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import type { PaymentMethod, StripeSubscription } from '@cc/contract';
import { BRAND_STORIES } from '../../../testing/story-brand';
import { withAppProviders } from '../../../testing/story-providers';
import { SubscriptionCard } from './subscription-card';

const subscription = (
  status: StripeSubscription['status'],
  overrides: Partial<StripeSubscription> = {},
): StripeSubscription => ({
  status,
  start_date: 1_761_955_200,
  canceled_at: null,
  current_period_end: 1_764_547_200,
  ...overrides,
});

const DAY = 86_400;
/** Ten days from whenever the story runs: a cancellation still waiting for the end of the period. */
const inTenDays = () => Math.floor(Date.now() / 1000) + 10 * DAY;

const visa: PaymentMethod = {
  id: 'pm_1',
  created_at: 1_761_955_200,
  is_default: true,
  exp_month: 4,
  exp_year: 2030,
  brand: 'visa',
  last4: '4242',
};

const meta = {
  title: 'Merchant centre/Payment/SubscriptionCard',
  component: SubscriptionCard,
  tags: ['autodocs'],
  decorators: [withAppProviders],
  args: {
    product: 'Store Page',
    subscription: subscription('active'),
    paymentLink: 'http://localhost:4000/billing/checkout/plan_uk',
    onCancel: fn(() => Promise.resolve()),
    onResume: fn(() => Promise.resolve()),
    card: visa,
    onUpdateCard: fn(() => Promise.resolve()),
  },
} satisfies Meta<typeof SubscriptionCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Active: the next billing date and 'Cancel Subscription', which asks first. */
export const Active: Story = {
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await expect(canvas.getByText('Next billing date')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel Subscription' }));
    const page = within(canvasElement.ownerDocument.body);
    const dialog = await page.findByRole('alertdialog');
    await expect(dialog).toHaveTextContent(
      'Are you sure you want to cancel your subscription to Store Page?',
    );
    await userEvent.click(page.getByRole('button', { name: 'Yes, cancel' }));
    await expect(args.onCancel).toHaveBeenCalled();
  },
};

/** Cancelled: the cancel date and 'Reactivate Subscription' through the payment link. */
export const Canceled: Story = {
  args: { subscription: subscription('canceled', { canceled_at: 1_763_683_200 }) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Reactivate Subscription' })).toHaveAttribute(
      'href',
      'http://localhost:4000/billing/checkout/plan_uk',
    );
  },
};

/** Cancelled, the paid period still running: the page stays live until its end, and one click resumes. */
export const CancelledUntilPeriodEnd: Story = {
  name: 'Cancelled, live until the period ends',
  args: {
    subscription: subscription('canceled', {
      canceled_at: 1_763_683_200,
      cancel_at_period_end: true,
      current_period_end: inTenDays(),
    }),
  },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText(/^Your page stays live until \d{4}-\d{2}-\d{2}$/)).toBeVisible();
    await expect(
      canvas.queryByRole('link', { name: 'Reactivate Subscription' }),
    ).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Reactivate Subscription' }));
    await expect(args.onResume).toHaveBeenCalled();
  },
};

/** The card renewals are charged to, and 'Update card'. */
export const CardOnFile: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText('Visa ending 4242, expires 04/2030')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Update card' }));
    await expect(args.onUpdateCard).toHaveBeenCalled();
  },
};

/** 'Update card' while the processor answers: busy with a spinner. */
export const UpdatingCard: Story = {
  name: 'Update card (loading)',
  args: { onUpdateCard: fn(() => new Promise<void>(() => undefined)) },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Update card' }));
    await expect(canvas.getByRole('button', { name: 'Please wait...' })).toBeDisabled();
  },
};

/** No card known yet: only 'Update card'. */
export const NoCard: Story = { name: 'No card on file', args: { card: null } };

export const NotSubscribed: Story = { name: 'No subscription yet', args: { subscription: null } };
export const Incomplete: Story = { args: { subscription: subscription('incomplete') } };
/** A renewal failed: the card line, the failed-payment line, then 'Update card'. */
export const PastDue: Story = {
  args: { subscription: subscription('past_due') },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Your last payment failed. Update your card to pay now.',
    );
    await expect(canvas.getByRole('button', { name: 'Update card' })).toBeEnabled();
  },
};
export const Unpaid: Story = { ...PastDue, args: { subscription: subscription('unpaid') } };
export const Trialing: Story = { args: { subscription: subscription('trialing') } };
export const IncompleteExpired: Story = {
  args: { subscription: subscription('incomplete_expired') },
};
export const Paused: Story = { args: { subscription: subscription('paused') } };

export const VoucherNestCancelled: Story = {
  ...Canceled,
  name: 'VoucherNest cancelled',
  globals: BRAND_STORIES.uk,
};
export const PromoPulseActive: Story = {
  ...Active,
  name: 'PromoPulse active',
  globals: BRAND_STORIES.promo,
};
export const VoucherNestLiveUntil: Story = {
  ...CancelledUntilPeriodEnd,
  name: 'VoucherNest live until the period ends',
  globals: BRAND_STORIES.uk,
};
export const PromoPulseLiveUntil: Story = {
  ...CancelledUntilPeriodEnd,
  name: 'PromoPulse live until the period ends',
  globals: BRAND_STORIES.promo,
};
export const DiscountDenLiveUntil: Story = {
  ...CancelledUntilPeriodEnd,
  name: 'DiscountDen live until the period ends',
  globals: BRAND_STORIES.discount,
};
export const PromoPulseCanceled: Story = {
  ...Canceled,
  name: 'PromoPulse canceled',
  globals: BRAND_STORIES.promo,
};
export const DiscountDenActive: Story = {
  ...Active,
  name: 'DiscountDen active',
  globals: BRAND_STORIES.discount,
};
export const DiscountDenPastDue: Story = {
  ...PastDue,
  name: 'DiscountDen past due',
  globals: BRAND_STORIES.discount,
};
