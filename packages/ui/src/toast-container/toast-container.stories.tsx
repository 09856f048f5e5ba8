import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { expect, waitFor, within } from 'storybook/test';
import { toast } from 'react-toastify';
import { BRAND_GLOBALS } from '../testing/story-brands';
import { ToastContainer } from './toast-container';

type DemoProps = { messages: { kind: 'success' | 'error' | 'info'; text: string }[] };

function ToastDemo({ messages }: DemoProps) {
  useEffect(() => {
    toast.dismiss();
    for (const message of messages) toast[message.kind](message.text, { autoClose: false });
  }, [messages]);
  return (
    <div className="min-h-48 text-sm text-slate-700">
      <p>Toasts appear at the bottom right of the window.</p>
      <ToastContainer />
    </div>
  );
}

const meta = {
  title: 'Feedback/ToastContainer',
  component: ToastDemo,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: { messages: [{ kind: 'success', text: 'Your changes were saved successfully' }] },
} satisfies Meta<typeof ToastDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    const message = await page.findByText('Your changes were saved successfully');
    await waitFor(() => expect(message).toBeVisible());
  },
};
export const WithError: Story = {
  name: 'Error',
  args: { messages: [{ kind: 'error', text: 'Something went wrong' }] },
};
export const Empty: Story = { args: { messages: [] } };
export const LongText: Story = {
  args: {
    messages: [
      {
        kind: 'info',
        text: 'Your password request was successfully sent. Check your email inbox for further instructions.',
      },
    ],
  },
};
export const UK: Story = { globals: BRAND_GLOBALS.uk };
export const PromoPulse: Story = { globals: BRAND_GLOBALS.promo };
export const DiscountDen: Story = { globals: BRAND_GLOBALS.discount };
