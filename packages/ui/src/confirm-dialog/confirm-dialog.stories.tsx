import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor, within } from 'storybook/test';
import { BRAND_GLOBALS } from '../testing/story-brands';
import { LoadingButton } from '../loading-button';
import { ConfirmDialog } from './confirm-dialog';
import type { ConfirmDialogProps } from './confirm-dialog';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function DialogDemo(props: ConfirmDialogProps) {
  const [isOpen, setIsOpen] = useState(props.isOpen);
  return (
    <div className="min-h-64">
      <LoadingButton variant="secondary" onClick={() => setIsOpen(true)}>
        Cancel Subscription
      </LoadingButton>
      <ConfirmDialog
        {...props}
        isOpen={isOpen}
        onCancel={() => {
          props.onCancel();
          setIsOpen(false);
        }}
        onConfirm={async () => {
          await props.onConfirm();
          setIsOpen(false);
        }}
      />
    </div>
  );
}

const meta = {
  title: 'Feedback/ConfirmDialog',
  component: ConfirmDialog,
  tags: ['autodocs'],
  args: {
    isOpen: true,
    title: 'Cancel Subscription?',
    children: 'Are you sure you want to cancel your subscription to Coupon Page Monthly?',
    confirmLabel: 'Yes, cancel',
    cancelLabel: 'No, go back',
    onConfirm: fn(() => wait(600)),
    onCancel: fn(),
  },
  render: (args) => <DialogDemo {...args} />,
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = (element: HTMLElement) => within(element.ownerDocument.body);

export const Default: Story = {};
export const Closed: Story = { args: { isOpen: false } };

/** Cancelling a subscription: 'No, go back' is the primary button, 'Yes, cancel' is red. */
export const Destructive: Story = {
  args: { isDestructive: true },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement);
    await expect(await page.findByRole('button', { name: 'No, go back' })).toHaveAttribute(
      'data-variant',
      'primary',
    );
    await expect(page.getByRole('button', { name: 'Yes, cancel' })).toHaveAttribute(
      'data-variant',
      'danger',
    );
  },
};

export const Focused: Story = {
  name: 'Focused (trap, Escape, return)',
  args: { isOpen: false },
  play: async ({ canvas, canvasElement, userEvent }) => {
    const opener = canvas.getByRole('button', { name: 'Cancel Subscription' });
    await userEvent.click(opener);
    const page = body(canvasElement);
    await waitFor(() => expect(page.getByRole('button', { name: 'No, go back' })).toHaveFocus());
    await userEvent.tab();
    await expect(page.getByRole('button', { name: 'Yes, cancel' })).toHaveFocus();
    await userEvent.tab();
    await expect(page.getByRole('button', { name: 'No, go back' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(page.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
  },
};

export const Loading: Story = {
  args: { onConfirm: fn(() => wait(60_000)) },
  play: async ({ canvasElement, userEvent }) => {
    const page = body(canvasElement);
    await userEvent.click(await page.findByRole('button', { name: 'Yes, cancel' }));
    await expect(page.getByRole('button', { name: 'Please wait...' })).toBeDisabled();
  },
};

export const WithError: Story = {
  name: 'Error (action fails, dialog stays usable)',
  args: {
    onConfirm: fn(async () => {
      await wait(100);
      throw new Error('Network down');
    }),
  },
  play: async ({ canvasElement, userEvent }) => {
    const page = body(canvasElement);
    const original = console.error;
    console.error = () => {};
    try {
      await userEvent.click(await page.findByRole('button', { name: 'Yes, cancel' }));
      await waitFor(() => expect(page.getByRole('button', { name: 'Yes, cancel' })).toBeEnabled());
      await expect(page.getByRole('alertdialog')).toBeVisible();
    } finally {
      console.error = original;
    }
  },
};

/** A dialog that asks for more than a yes: fields under the question. */
export const WithDetails: Story = {
  name: 'With details (fields)',
  args: {
    title: 'Delete account?',
    children: 'This cannot be undone.',
    confirmLabel: 'Delete my account',
    cancelLabel: 'Keep my account',
    isDestructive: true,
    details: (
      <label className="grid gap-1 text-sm font-semibold text-slate-800">
        Password
        <input type="password" className="rounded border border-slate-300 px-3 py-2" />
      </label>
    ),
  },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement);
    await expect(await page.findByRole('alertdialog')).toHaveAccessibleDescription(
      'This cannot be undone.',
    );
    await expect(page.getByLabelText('Password')).toBeVisible();
  },
};

export const LongText: Story = {
  args: {
    title: 'Cancel your VoucherNest coupon page subscription and take your store page offline?',
    children:
      'Are you sure you want to cancel your subscription to Coupon Page Monthly? Your 10 coupons stay saved, but the store page goes offline at the end of the billing period and customers will no longer see your offers.',
  },
};
export const UK: Story = { globals: BRAND_GLOBALS.uk };
export const PromoPulse: Story = { globals: BRAND_GLOBALS.promo };
export const DiscountDen: Story = { globals: BRAND_GLOBALS.discount };
