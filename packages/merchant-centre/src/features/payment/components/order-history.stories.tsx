import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { transaction } from '../../../testing/merchant-fixtures';
import { BRAND_STORIES } from '../../../testing/story-brand';
import { withAppProviders } from '../../../testing/story-providers';
import { OrderHistory } from './order-history';

const DAY = 86_400;
const orders = (currency: string, amount: number) =>
  [3, 2, 1].map((id, index) =>
    transaction(id, { currency, amount, transaction_created: 1_763_683_200 - index * 30 * DAY }),
  );

const meta = {
  title: 'Merchant centre/Payment/OrderHistory',
  component: OrderHistory,
  tags: ['autodocs'],
  decorators: [withAppProviders],
  args: { count: 3, transactions: orders('gbp', 1999) },
} satisfies Meta<typeof OrderHistory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three monthly orders: Order ID, Date, Amount and 'View Receipt', with 'Download CSV'. */
export const ThreeOrders: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Order History' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
    await expect(canvas.getAllByRole('row')).toHaveLength(4);
  },
};

export const OneOrder: Story = {
  args: { count: 1, transactions: orders('gbp', 1999).slice(0, 1) },
};

/** No orders yet: the section is not shown at all. */
export const Empty: Story = {
  name: 'Empty (hidden)',
  args: { count: 0, transactions: [] },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('heading', { name: 'Order History' })).not.toBeInTheDocument();
  },
};

export const VoucherNest: Story = { ...ThreeOrders, globals: BRAND_STORIES.uk };
export const PromoPulse: Story = {
  ...ThreeOrders,
  args: { count: 3, transactions: orders('usd', 2499) },
  globals: BRAND_STORIES.promo,
};
export const DiscountDen: Story = {
  ...ThreeOrders,
  args: { count: 3, transactions: orders('usd', 2499) },
  globals: BRAND_STORIES.discount,
};
