import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect } from 'storybook/test';
import { BRAND_GLOBALS } from '../testing/story-brands';
import { TextInput } from './text-input';
import type { TextInputProps } from './text-input';

function ControlledTextInput(props: TextInputProps) {
  const [value, setValue] = useState(props.value ?? '');
  return <TextInput {...props} value={value} onChange={(event) => setValue(event.target.value)} />;
}

const meta = {
  title: 'Form/TextInput',
  component: TextInput,
  tags: ['autodocs'],
  args: {
    label: 'Store name',
    name: 'name',
    value: 'Acme Outdoor',
    placeholder: 'e.g. Acme Outdoor',
  },
  render: (args) => <ControlledTextInput {...args} />,
} satisfies Meta<typeof TextInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Focused: Story = {
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByLabelText('Store name');
    await userEvent.click(input);
    await expect(input).toHaveFocus();
  },
};

export const WithError: Story = {
  name: 'Error',
  args: { value: '', error: 'Store name is required', required: true },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: /Store name/ });
    await expect(input).toBeInvalid();
    await expect(input).toHaveAccessibleDescription('Store name is required');
  },
};

export const Disabled: Story = { args: { disabled: true } };

export const Empty: Story = { args: { value: '' } };

export const WithHint: Story = {
  args: { type: 'email', label: 'Contact email', value: '', hint: 'We send review results here.' },
};

export const LongText: Story = {
  args: {
    label: 'Store name as it appears on the public coupon page of the site',
    value:
      'The Extraordinarily Long Named Outdoor Equipment and Adventure Supplies Company Limited',
    error:
      'This name is longer than the coupon page can show in one line; consider a shorter trading name.',
  },
};

export const UK: Story = { globals: BRAND_GLOBALS.uk };
export const PromoPulse: Story = { globals: BRAND_GLOBALS.promo };
export const DiscountDen: Story = { globals: BRAND_GLOBALS.discount };
