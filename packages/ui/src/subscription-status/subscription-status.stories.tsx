import type { Meta, StoryObj } from '@storybook/react-vite';
import { BRAND_GLOBALS } from '../testing/story-brands';
import { SubscriptionStatus } from './subscription-status';

const meta = {
  title: 'Billing/SubscriptionStatus',
  component: SubscriptionStatus,
  tags: ['autodocs'],
  args: { status: 'active' },
} satisfies Meta<typeof SubscriptionStatus>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Incomplete: Story = { args: { status: 'incomplete' } };
export const PastDue: Story = { args: { status: 'past_due' } };
export const Unpaid: Story = { args: { status: 'unpaid' } };
export const Canceled: Story = { name: 'Canceled (Error)', args: { status: 'canceled' } };
export const Unknown: Story = { args: { status: 'incomplete_expired' } };
export const Empty: Story = { args: { status: '' } };
export const LongText: Story = {
  args: { status: 'past_due', label: 'Past due: your card was declined, update it before 12 June' },
};

function AllStatuses() {
  return (
    <ul className="grid gap-2">
      {['active', 'incomplete', 'past_due', 'unpaid', 'canceled'].map((status) => (
        <li key={status}>
          <SubscriptionStatus status={status} />
        </li>
      ))}
    </ul>
  );
}
export const UK: Story = { globals: BRAND_GLOBALS.uk, render: () => <AllStatuses /> };
export const PromoPulse: Story = { globals: BRAND_GLOBALS.promo, render: () => <AllStatuses /> };
export const DiscountDen: Story = {
  globals: BRAND_GLOBALS.discount,
  render: () => <AllStatuses />,
};
