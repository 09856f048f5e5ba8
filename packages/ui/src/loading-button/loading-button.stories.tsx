import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { BRAND_GLOBALS } from '../testing/story-brands';
import { LoadingButton } from './loading-button';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const meta = {
  title: 'Buttons/LoadingButton',
  component: LoadingButton,
  tags: ['autodocs'],
  args: {
    children: 'Cancel Subscription',
    loadingText: 'Please wait...',
    onClick: fn(() => wait(800)),
  },
} satisfies Meta<typeof LoadingButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Focused: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Cancel Subscription' })).toHaveFocus();
  },
};

export const Loading: Story = { args: { isLoading: true } };

export const RunsItsHandler: Story = {
  args: { onClick: fn(() => wait(300)) },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel Subscription' }));
    await expect(canvas.getByRole('button', { name: 'Please wait...' })).toBeDisabled();
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: 'Cancel Subscription' })).toBeEnabled(),
    );
    await expect(args.onClick).toHaveBeenCalledOnce();
  },
};

export const WithError: Story = {
  name: 'Error',
  args: {
    onClick: fn(async () => {
      await wait(100);
      throw new Error('Network down');
    }),
  },
  play: async ({ canvas, userEvent }) => {
    const original = console.error;
    console.error = () => {};
    try {
      await userEvent.click(canvas.getByRole('button', { name: 'Cancel Subscription' }));
      await waitFor(() =>
        expect(canvas.getByRole('button', { name: 'Cancel Subscription' })).toBeEnabled(),
      );
    } finally {
      console.error = original;
    }
  },
};

export const Disabled: Story = { args: { disabled: true } };
export const Secondary: Story = {
  args: { variant: 'secondary', children: 'Reactivate Subscription' },
};
export const Danger: Story = {
  name: 'Danger (destructive action)',
  args: { variant: 'danger', children: 'Yes, cancel' },
};
export const LongText: Story = {
  args: { children: 'Reactivate your subscription through the payment page' },
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
