import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect } from 'storybook/test';
import { BRAND_GLOBALS } from '../testing/story-brands';
import { Checkbox } from './checkbox';
import type { CheckboxProps } from './checkbox';

function ControlledCheckbox(props: CheckboxProps) {
  const [checked, setChecked] = useState(Boolean(props.checked));
  return (
    <Checkbox {...props} checked={checked} onChange={(event) => setChecked(event.target.checked)} />
  );
}

const meta = {
  title: 'Form/Checkbox',
  component: Checkbox,
  tags: ['autodocs'],
  args: { label: 'No Expiration Date', name: 'noExpiration', checked: false },
  render: (args) => <ControlledCheckbox {...args} />,
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Checked: Story = { args: { checked: true } };

export const Focused: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('checkbox', { name: 'No Expiration Date' })).toHaveFocus();
  },
};

export const Toggled: Story = {
  play: async ({ canvas, userEvent }) => {
    const box = canvas.getByRole('checkbox', { name: 'No Expiration Date' });
    await userEvent.click(canvas.getByText('No Expiration Date'));
    await expect(box).toBeChecked();
  },
};

export const WithError: Story = {
  name: 'Error',
  args: { label: 'I accept the terms', error: 'You must accept the terms' },
};
export const Disabled: Story = { args: { disabled: true } };
export const LongText: Story = {
  args: {
    label:
      'Is Savings Range: show the saving as "up to" this amount, because the discount differs between the products it applies to in the store',
  },
};
export const UK: Story = { args: { checked: true }, globals: BRAND_GLOBALS.uk };
export const PromoPulse: Story = { args: { checked: true }, globals: BRAND_GLOBALS.promo };
export const DiscountDen: Story = { args: { checked: true }, globals: BRAND_GLOBALS.discount };
