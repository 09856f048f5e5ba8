import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect } from 'storybook/test';
import { BRAND_GLOBALS } from '../testing/story-brands';
import { NumberInput } from './number-input';
import type { NumberInputProps } from './number-input';

function ControlledNumberInput(props: NumberInputProps) {
  const [value, setValue] = useState(props.value ?? '');
  return (
    <NumberInput {...props} value={value} onChange={(event) => setValue(event.target.value)} />
  );
}

const meta = {
  title: 'Form/NumberInput',
  component: NumberInput,
  tags: ['autodocs'],
  args: { label: 'Savings', name: 'savings', value: '20' },
  render: (args) => <ControlledNumberInput {...args} />,
} satisfies Meta<typeof NumberInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Focused: Story = {
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByLabelText('Savings');
    await userEvent.click(input);
    await expect(input).toHaveFocus();
  },
};

export const DigitsAndOneDot: Story = {
  args: { value: '' },
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByLabelText('Savings');
    await userEvent.type(input, '1a2.5.0x');
    await expect(input).toHaveValue('12.50');
  },
};

export const WithError: Story = {
  name: 'Error',
  args: { value: '', error: 'Savings is required' },
};
export const Disabled: Story = { args: { disabled: true } };
export const Empty: Story = { args: { value: '', placeholder: '0.00' } };
export const LongText: Story = {
  args: {
    label: 'Minimum order amount before the free shipping offer applies',
    value: '1234567890.99',
  },
};
export const UK: Story = { globals: BRAND_GLOBALS.uk };
export const PromoPulse: Story = { globals: BRAND_GLOBALS.promo };
export const DiscountDen: Story = { globals: BRAND_GLOBALS.discount };
