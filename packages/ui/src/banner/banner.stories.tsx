import type { Meta, StoryObj } from '@storybook/react-vite';
import { BRAND_GLOBALS } from '../testing/story-brands';
import { Banner } from './banner';

const meta = {
  title: 'Feedback/Banner',
  component: Banner,
  tags: ['autodocs'],
  args: {
    variant: 'info',
    children: 'Your store page is being reviewed. We will email you when it goes live.',
  },
} satisfies Meta<typeof Banner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Warning: Story = {
  args: {
    variant: 'warning',
    title: 'Payment past due',
    children: 'Update your card to keep your page live.',
  },
};
export const WithError: Story = {
  name: 'Error',
  args: {
    variant: 'error',
    title: 'Your store was declined',
    children: 'The logo is not readable. Upload a 120x40px image.',
  },
};
export const Empty: Story = { args: { title: 'No coupons yet', children: undefined } };
export const LongText: Story = {
  args: {
    variant: 'error',
    title: 'Your store was declined',
    children:
      'Decline reason: the website address https://www.an-extremely-long-domain-name-for-a-store-that-never-ends.example.co.uk/landing does not match the store name, and the logo could not be read at the size shown on the coupon page.',
  },
};
export const UK: Story = { globals: BRAND_GLOBALS.uk };
export const PromoPulse: Story = { globals: BRAND_GLOBALS.promo };
export const DiscountDen: Story = { globals: BRAND_GLOBALS.discount };
