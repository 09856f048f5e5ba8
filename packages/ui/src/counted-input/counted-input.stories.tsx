import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect } from 'storybook/test';
import { BRAND_GLOBALS } from '../testing/story-brands';
import { CountedInput } from './counted-input';
import type { CountedInputProps } from './counted-input';

function ControlledCountedInput(props: CountedInputProps) {
  const [value, setValue] = useState(props.value);
  return (
    <CountedInput {...props} value={value} onChange={(event) => setValue(event.target.value)} />
  );
}

const meta = {
  title: 'Form/CountedInput',
  component: CountedInput,
  tags: ['autodocs'],
  args: { label: 'Description', name: 'description', value: '20% off all outdoor furniture' },
  render: (args) => <ControlledCountedInput {...args} />,
} satisfies Meta<typeof CountedInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Focused: Story = {
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByLabelText('Description');
    await userEvent.click(input);
    await expect(input).toHaveFocus();
  },
};

export const CountsDown: Story = {
  args: { value: '', limit: 10 },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Description'), 'Half price on all');
    await expect(canvas.getByLabelText('Description')).toHaveValue('Half price');
    await expect(canvas.getByText('0 characters left')).toBeVisible();
  },
};

export const Multiline: Story = { args: { isMultiline: true } };
export const WithError: Story = {
  name: 'Error',
  args: { value: '', error: 'Description is required', required: true },
};
export const Disabled: Story = { args: { disabled: true } };
export const Empty: Story = { args: { value: '' } };
export const LongText: Story = {
  args: {
    isMultiline: true,
    value:
      'Save 20% on every tent, sleeping bag and camping stove in store and online this weekend only, while stock lasts today',
  },
};
export const UK: Story = { globals: BRAND_GLOBALS.uk };
export const PromoPulse: Story = { globals: BRAND_GLOBALS.promo };
export const DiscountDen: Story = { globals: BRAND_GLOBALS.discount };
