import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { BRAND_GLOBALS } from '../testing/story-brands';
import { SubmitButton } from './submit-button';

const meta = {
  title: 'Buttons/SubmitButton',
  component: SubmitButton,
  tags: ['autodocs'],
  args: { children: 'Save Changes' },
} satisfies Meta<typeof SubmitButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Focused: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Save Changes' })).toHaveFocus();
  },
};
export const Loading: Story = { args: { isLoading: true, loadingText: 'Saving changes...' } };
export const Disabled: Story = { args: { disabled: true } };
export const Secondary: Story = { args: { variant: 'secondary', children: 'No, go back' } };
export const FullWidth: Story = { args: { isFullWidth: true, children: 'Sign in' } };
export const LongText: Story = {
  args: { children: 'Create your coupon page and send it for review today' },
  decorators: [
    (Story) => (
      <div className="max-w-60">
        <Story />
      </div>
    ),
  ],
};
export const UK: Story = { globals: BRAND_GLOBALS.uk };
export const PromoPulse: Story = { globals: BRAND_GLOBALS.promo };
export const DiscountDen: Story = { globals: BRAND_GLOBALS.discount };
