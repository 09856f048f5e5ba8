import type { Meta, StoryObj } from '@storybook/react-vite';
import { BRAND_GLOBALS } from '../testing/story-brands';
import { Spinner } from './spinner';

const meta = {
  title: 'Feedback/Spinner',
  component: Spinner,
  tags: ['autodocs'],
  args: { label: 'Loading', size: 'md' },
  render: (args) => (
    <div className="text-slate-700">
      <Spinner {...args} />
    </div>
  ),
} satisfies Meta<typeof Spinner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Loading: Story = { args: { label: 'Verifying your email', size: 'lg' } };
export const Small: Story = { args: { size: 'sm' } };
export const LongText: Story = {
  args: {
    label: 'Checking your verification link, this can take a few seconds on a slow connection',
  },
};

function BrandSpinner() {
  return (
    <div className="flex items-center gap-3">
      <Spinner size="lg" label="Loading coupons" className="text-current" />
      <span className="text-sm">Loading coupons</span>
    </div>
  );
}
export const UK: Story = { globals: BRAND_GLOBALS.uk, render: () => <BrandSpinner /> };
export const PromoPulse: Story = { globals: BRAND_GLOBALS.promo, render: () => <BrandSpinner /> };
export const DiscountDen: Story = {
  globals: BRAND_GLOBALS.discount,
  render: () => <BrandSpinner />,
};
