import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import type { ReviewStore } from '@cc/contract';
import { answer, unanswered } from '../../../testing/api-answers';
import { reviewCoupon, reviewStore, STAFF } from '../../../testing/console-fixtures';
import { withConsoleProviders } from '../../../testing/story-providers';
import { StoreReview } from './store-review';

const PENDING = reviewStore();
const WITH_COUPONS: ReviewStore = {
  ...PENDING,
  coupons: [
    reviewCoupon(PENDING, 1, '20% off tents'),
    reviewCoupon(PENDING, 2, 'Free delivery over £50'),
  ],
};
const DECLINE_REASON = 'Please use your registered company name.';
const DECLINED: ReviewStore = {
  ...WITH_COUPONS,
  status: 'declined',
  store: { ...PENDING.store, declined: true, decline_reason: DECLINE_REASON },
  actions: [
    {
      id: 1,
      action: 'decline',
      reason: DECLINE_REASON,
      actor_email: STAFF.email,
      created_at: '2026-11-20T12:00:00.000Z',
    },
  ],
};

const meta = {
  title: 'Staff console/Store review/StoreReview',
  component: StoreReview,
  tags: ['autodocs'],
  decorators: [withConsoleProviders],
  args: { entry: WITH_COUPONS, onDecided: fn() },
  parameters: { layout: 'fullscreen', session: STAFF },
} satisfies Meta<typeof StoreReview>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A pending store with two coupons: its details, approve, decline with a reason, and the preview. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 2, name: 'Acme Outdoors' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Coupons (2)' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Approve' })).toBeEnabled();
    await expect(canvas.getByLabelText(/Reason for declining/)).toBeRequired();
    await expect(canvas.getByTitle('Preview of Acme Outdoors')).toBeVisible();
  },
};

/** No coupon yet. */
export const Empty: Story = {
  name: 'Empty (no coupons)',
  args: { entry: PENDING },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Coupons (0)' })).toBeVisible();
  },
};

/** Declined before: the reason and the history. */
export const Declined: Story = {
  args: { entry: DECLINED },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(DECLINE_REASON);
    await expect(canvas.getByRole('heading', { name: 'History' })).toBeVisible();
    await expect(canvas.getByText(new RegExp(`decline by ${STAFF.email}`))).toBeVisible();
  },
};

/** Waiting for the approval: the button is busy. */
export const Approving: Story = {
  name: 'Loading (approving)',
  parameters: {
    msw: {
      handlers: { approve: unanswered('post', `review/stores/${PENDING.store.id}/approve/`) },
    },
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Approve' }));
    await expect(await canvas.findByRole('button', { name: 'Please wait...' })).toBeDisabled();
  },
};

/** A blank reason: the server's field message, and no decision. */
export const BlankReason: Story = {
  name: 'Error (blank decline reason)',
  parameters: {
    msw: {
      handlers: {
        decline: answer(
          'post',
          `review/stores/${PENDING.store.id}/decline/`,
          { reason: ['This field is required.'] },
          400,
        ),
      },
    },
  },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText(/Reason for declining/), '   ');
    await userEvent.click(canvas.getByRole('button', { name: 'Decline' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('This field is required.');
    await expect(args.onDecided).not.toHaveBeenCalled();
  },
};
