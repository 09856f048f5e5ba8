import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { toScreenInsights } from '../api/insights';
import { UK_CLIENT } from '@cc/config';
import { InsightsView } from './insights-view';
import { emptyInsights, sampleInsights } from '../../../testing/sample-insights';
import { BRAND_STORIES, storyBrand } from '../../../testing/story-brand';

const ready = (days: 7 | 30 | 90 = 30) => ({
  status: 'ready' as const,
  insights: toScreenInsights(sampleInsights(days), days),
});

const meta = {
  title: 'Merchant centre/Insights/InsightsView',
  component: InsightsView,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    days: 30,
    onDaysChange: fn(),
    onDownload: fn(() => Promise.resolve()),
    state: ready(),
    palette: UK_CLIENT.palette,
    locale: UK_CLIENT.locale,
  },
  render: (args, { globals }) => {
    const brand = storyBrand(globals);
    return <InsightsView {...args} palette={brand.palette} locale={brand.locale} />;
  },
} satisfies Meta<typeof InsightsView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithData: Story = {
  name: 'Default (last 30 days)',
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: '7 days' }));
    await expect(args.onDaysChange).toHaveBeenCalledWith(7);
    await userEvent.click(canvas.getByRole('button', { name: 'Download CSV of your coupons' }));
    await expect(args.onDownload).toHaveBeenCalledWith('coupons');
  },
};

export const SevenDays: Story = { args: { days: 7, state: ready(7) } };
export const NinetyDays: Story = { args: { days: 90, state: ready(90) } };
export const Loading: Story = { args: { state: { status: 'loading' } } };
export const Refreshing: Story = { args: { days: 7, state: { ...ready(30), isRefreshing: true } } };
export const Empty: Story = {
  name: 'Empty (no visits yet)',
  args: { state: { status: 'ready', insights: toScreenInsights(emptyInsights(30), 30) } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'No visits yet' })).toBeVisible();
  },
};
export const LoadFailed: Story = {
  name: 'Error',
  args: { state: { status: 'error' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Your insights could not be loaded.');
  },
};

export const VoucherNest: Story = { globals: BRAND_STORIES.uk };
export const PromoPulse: Story = { globals: BRAND_STORIES.promo };
export const DiscountDen: Story = { globals: BRAND_STORIES.discount };
export const PromoPulseEmpty: Story = {
  ...Empty,
  name: 'PromoPulse empty',
  globals: BRAND_STORIES.promo,
};
export const DiscountDenError: Story = {
  ...LoadFailed,
  name: 'DiscountDen error',
  globals: BRAND_STORIES.discount,
};
