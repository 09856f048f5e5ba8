import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { toScreenInsights } from '../api/insights';
import { UK_CLIENT } from '@cc/config';
import { InsightsChart } from './insights-chart';
import { sampleInsights } from '../../../testing/sample-insights';
import { BRAND_STORIES, storyBrand } from '../../../testing/story-brand';

const month = toScreenInsights(sampleInsights(30), 30);

const meta = {
  title: 'Merchant centre/Insights/InsightsChart',
  component: InsightsChart,
  tags: ['autodocs'],
  args: {
    daily: month.daily,
    totals: month.totals,
    days: 30,
    from: month.from,
    to: month.to,
    palette: UK_CLIENT.palette,
    locale: UK_CLIENT.locale,
  },
  // The brand's colours and locale follow the toolbar (or the story's globals).
  render: (args, { globals }) => {
    const brand = storyBrand(globals);
    return (
      <div className="max-w-4xl">
        <InsightsChart {...args} palette={brand.palette} locale={brand.locale} />
      </div>
    );
  },
} satisfies Meta<typeof InsightsChart>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The chart draws on a canvas with pixels on it. */
async function expectDrawn(canvasElement: HTMLElement) {
  await waitFor(() => {
    const canvas = canvasElement.querySelector('canvas');
    if (!canvas) throw new Error('no canvas yet');
    const pixels =
      canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
    if (!Array.from(pixels).some((value, index) => index % 4 === 3 && value > 0))
      throw new Error('nothing drawn yet');
  });
}

export const Default: Story = {
  name: 'Last 30 days',
  play: async ({ canvas, canvasElement }) => {
    await expectDrawn(canvasElement);
    // The merchant centre's own class names are in Storybook's stylesheet too.
    await expect(getComputedStyle(canvas.getByTestId('insights-chart')).minHeight).toBe('260px');
    await expect(
      canvas.getByRole('img', { name: /^Views, code reveals and clicks per day, last 30 days/ }),
    ).toHaveAttribute('tabindex', '0');
  },
};

export const SevenDays: Story = {
  name: 'Last 7 days',
  args: (() => {
    const week = toScreenInsights(sampleInsights(7), 7);
    return { daily: week.daily, totals: week.totals, days: 7, from: week.from, to: week.to };
  })(),
};

export const NinetyDays: Story = {
  name: 'Last 90 days',
  args: (() => {
    const quarter = toScreenInsights(sampleInsights(90), 90);
    return {
      daily: quarter.daily,
      totals: quarter.totals,
      days: 90,
      from: quarter.from,
      to: quarter.to,
    };
  })(),
};

export const AsTable: Story = {
  name: 'Shown as a table',
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Show as table' }));
    const table = canvas.getByRole('table', {
      name: 'Views, code reveals and clicks per day, last 30 days',
    });
    await expect(table).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Hide table' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  },
};

export const VoucherNest: Story = {
  globals: BRAND_STORIES.uk,
  play: ({ canvasElement }) => expectDrawn(canvasElement),
};
export const PromoPulse: Story = {
  globals: BRAND_STORIES.promo,
  play: ({ canvasElement }) => expectDrawn(canvasElement),
};
export const DiscountDen: Story = {
  globals: BRAND_STORIES.discount,
  play: ({ canvasElement }) => expectDrawn(canvasElement),
};
