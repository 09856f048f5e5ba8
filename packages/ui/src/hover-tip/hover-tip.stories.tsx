import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { BRAND_GLOBALS } from '../testing/story-brands';
import { HoverTip } from './hover-tip';

const meta = {
  title: 'Form/HoverTip',
  component: HoverTip,
  tags: ['autodocs'],
  args: {
    tip: 'The address customers go to when they use your coupon.',
    label: 'About the destination URL',
    placement: 'bottom',
  },
  decorators: [
    (Story) => (
      <div className="flex min-h-32 items-start justify-center pt-2">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof HoverTip>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Focused: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('tooltip')).toHaveTextContent('The address customers go to');
    await expect(
      canvas.getByRole('button', { name: 'About the destination URL' }),
    ).toHaveAccessibleDescription('The address customers go to when they use your coupon.');
  },
};

export const Hovered: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.hover(canvas.getByRole('button'));
    await expect(canvas.getByRole('tooltip')).toBeVisible();
  },
};

export const LongText: Story = {
  args: {
    tip: 'Logos are shown at 120 by 40 pixels on the coupon page. Upload a wide image with a transparent background so that it looks sharp on every device and next to every other store.',
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('tooltip')).toHaveTextContent(/^Logos are shown/);
  },
};
export const UK: Story = { globals: BRAND_GLOBALS.uk };
export const PromoPulse: Story = { globals: BRAND_GLOBALS.promo };
export const DiscountDen: Story = { globals: BRAND_GLOBALS.discount };
