import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { defaultAnswers, failing, insightsAnswer, pending } from '../../../testing/api-handlers';
import { argosMerchant } from '../../../testing/argos';
import { emptyInsights, sampleInsights } from '../../../testing/sample-insights';
import { BRAND_STORIES } from '../../../testing/story-brand';
import { withAppProviders } from '../../../testing/story-providers';
import { InsightsPage } from './insights-page';

const meta = {
  title: 'Merchant centre/Insights/InsightsPage',
  component: InsightsPage,
  tags: ['autodocs'],
  decorators: [withAppProviders],
  parameters: {
    layout: 'fullscreen',
    path: '/insights',
    // The calls of the screen: /auth/me/ (the store), then GET /insights/?days= for the window chosen.
    msw: {
      handlers: {
        ...defaultAnswers,
        me: argosMerchant(),
        insights: insightsAnswer(sampleInsights),
      },
    },
  },
} satisfies Meta<typeof InsightsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The last 30 days from the answer; '7 days' asks again with days=7. */
export const WithData: Story = {
  name: 'Last 30 days, then 7',
  play: async ({ canvas, userEvent }) => {
    await expect(
      await canvas.findByRole('row', { name: /Everything in store, this weekend only/ }),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: '7 days' }));
    await expect(
      await canvas.findByRole(
        'img',
        { name: /^Views, code reveals and clicks per day, last 7 days/ },
        { timeout: 5000 },
      ),
    ).toBeVisible();
  },
};

/** No visits in the window. */
export const Empty: Story = {
  name: 'Empty (no visits yet)',
  parameters: { msw: { handlers: { insights: insightsAnswer(emptyInsights) } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'No visits yet' })).toBeVisible();
  },
};

/** The figures fail with a 500: the screen says so and the error list shows the status text. */
export const LoadFailed: Story = {
  name: 'Error',
  parameters: { msw: { handlers: { insights: failing('get', 'insights/', 500) } } },
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByText(/Your insights could not be loaded/)).toBeVisible();
    const toasts = within(canvasElement.ownerDocument.body);
    await expect(
      await toasts.findByText('Internal Server Error', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  },
};

/** Waiting for the figures. */
export const Loading: Story = {
  parameters: { msw: { handlers: { insights: pending('get', 'insights/') } } },
};

export const VoucherNest: Story = { ...WithData, name: 'VoucherNest', globals: BRAND_STORIES.uk };
export const PromoPulse: Story = { ...WithData, name: 'PromoPulse', globals: BRAND_STORIES.promo };
export const DiscountDenError: Story = {
  ...LoadFailed,
  name: 'DiscountDen error',
  globals: BRAND_STORIES.discount,
};
