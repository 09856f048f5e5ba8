import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import type { StripeSubscription } from '@cc/contract';
import { BRAND_STORIES } from '../../insights/components/story-brand';
import { withAppProviders } from '../../shell/components/story-providers';
import { SubscriptionCard } from './subscription-card';

const subscription = (status: StripeSubscription['status'], overrides: Partial<StripeSubscription> = {}): StripeSubscription => ({
  status,
  start_date: 1_761_955_200,
  canceled_at: null,
  current_period_end: 1_764_547_200,
  ...overrides,
});

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
    await expect(dialog).toHaveTextContent('Are you sure you want to cancel your subscription to Store Page?');
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

export const NotSubscribed: Story = { name: 'No subscription yet', args: { subscription: null } };
export const Incomplete: Story = { args: { subscription: subscription('incomplete') } };
export const PastDue: Story = { args: { subscription: subscription('past_due') } };
export const Unpaid: Story = { args: { subscription: subscription('unpaid') } };
export const Trialing: Story = { args: { subscription: subscription('trialing') } };
export const IncompleteExpired: Story = { args: { subscription: subscription('incomplete_expired') } };
export const Paused: Story = { args: { subscription: subscription('paused') } };

export const VoucherNestCancelled: Story = { ...Canceled, name: 'VoucherNest cancelled', globals: BRAND_STORIES.uk };
export const PromoPulseActive: Story = { ...Active, name: 'PromoPulse active', globals: BRAND_STORIES.promo };
export const PromoPulseCanceled: Story = { ...Canceled, name: 'PromoPulse canceled', globals: BRAND_STORIES.promo };
export const DiscountDenActive: Story = { ...Active, name: 'DiscountDen active', globals: BRAND_STORIES.discount };
export const DiscountDenPastDue: Story = { ...PastDue, name: 'DiscountDen past due', globals: BRAND_STORIES.discount };
