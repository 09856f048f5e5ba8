import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { INITIAL_VIEWPORTS } from 'storybook/viewport';
import { toScreenInsights } from '../api/insights';
import { UK_CLIENT } from '@cc/config';
import { CouponInsightsTable } from './coupon-insights-table';
import { emptyInsights, sampleInsights } from '../../../testing/sample-insights';
import { BRAND_STORIES, storyBrand } from '../../../testing/story-brand';

const HEADING_ID = 'insights-coupons';

const meta = {
  title: 'Merchant centre/Insights/CouponInsightsTable',
  component: CouponInsightsTable,
  tags: ['autodocs'],
  args: {
    coupons: toScreenInsights(sampleInsights(30), 30).coupons,
    locale: UK_CLIENT.locale,
    'aria-labelledby': HEADING_ID,
  },
  render: (args, { globals }) => (
    <section aria-labelledby={HEADING_ID} className="max-w-4xl">
      <h2 id={HEADING_ID} className="mb-4 text-lg font-bold text-slate-900">
        Your coupons
      </h2>
      <CouponInsightsTable {...args} locale={storyBrand(globals).locale} />
    </section>
  ),
} satisfies Meta<typeof CouponInsightsTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const row = canvas.getByRole('row', { name: /20% OFF/ });
    // Feedback is not collected yet: a dash, named for screen readers.
    await expect(within(row).getAllByRole('cell').at(-1)).toHaveTextContent(
      '—No shopper feedback yet',
    );
  },
};

export const NoViews: Story = {
  name: 'Empty (no views yet)',
  args: { coupons: toScreenInsights(emptyInsights(30), 30).coupons },
};

export const LargeNumbers: Story = {
  args: {
    coupons: [
      {
        couponId: 7,
        headline: '£1,250 OFF',
        description:
          'Every sofa, bed and wardrobe in the spring sale, while stock lasts, exclusions apply',
        views: 1_204_311,
        reveals: 98_410,
        clicks: 45_120,
        ctr: 45_120 / 1_204_311,
        feedback: 0.87,
      },
    ],
  },
};

/** On a 390 px phone each coupon stacks as a card: nothing scrolls sideways. */
export const Phone: Story = {
  parameters: { viewport: { options: INITIAL_VIEWPORTS } },
  globals: { viewport: { value: 'iphone12', isRotated: false } },
  play: async ({ canvas }) => {
    const box = canvas.getByRole('table').parentElement;
    await expect(box && box.scrollWidth <= box.clientWidth).toBe(true);
  },
};

export const VoucherNest: Story = { globals: BRAND_STORIES.uk };
export const PromoPulse: Story = { globals: BRAND_STORIES.promo };
export const DiscountDen: Story = { globals: BRAND_STORIES.discount };
