import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { failing, pending } from '../../../testing/api-handlers';
import { storedUser } from '../../../testing/fixtures';
import { BRAND_STORIES } from '../../../testing/story-brand';
import { withAppProviders } from '../../../testing/story-providers';
import { YourDataSection } from './your-data-section';

const meta = {
  title: 'Merchant centre/Account/YourDataSection',
  component: YourDataSection,
  tags: ['autodocs'],
  decorators: [withAppProviders],
  parameters: {
    path: '/account',
    session: storedUser(),
    msw: { handlers: { export: pending('get', 'account/export/') } },
  },
} satisfies Meta<typeof YourDataSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** What the download holds, and 'Download my data'. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Your data' })).toBeVisible();
    await expect(canvas.getByText(/ZIP file of everything your account holds/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Download my data' })).toBeEnabled();
  },
};

/** The ZIP on its way: the button is busy. */
export const Loading: Story = {
  name: 'Loading (preparing the ZIP)',
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Download my data' }));
    await expect(await canvas.findByRole('button', { name: 'Preparing...' })).toBeDisabled();
  },
};

/** The export fails: the server's message as a toast, and the button is usable again. */
export const ExportFails: Story = {
  name: 'Error (export fails)',
  parameters: {
    msw: {
      handlers: {
        export: failing('get', 'account/export/', 503, 'The export is not available right now.'),
      },
    },
  },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Download my data' }));
    const page = within(canvasElement.ownerDocument.body);
    // The toast is there at once; it slides in.
    await expect(
      await page.findByText('The export is not available right now.', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    await expect(await canvas.findByRole('button', { name: 'Download my data' })).toBeEnabled();
  },
};

export const VoucherNest: Story = { ...Default, globals: BRAND_STORIES.uk };
export const PromoPulse: Story = { ...Default, globals: BRAND_STORIES.promo };
export const DiscountDen: Story = { ...Default, globals: BRAND_STORIES.discount };
