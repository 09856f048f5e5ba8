import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect } from 'storybook/test';
import { OFFER_TYPE_OPTIONS } from '@cc/contract/offer';
import { BRAND_GLOBALS } from '../testing/story-brands';
import { Select } from './select';
import type { MultiSelectProps, SelectProps, SingleSelectProps } from './select-props';

/** The app's Offer Type options, as the contract defines them. */
const OFFER_TYPES = [...OFFER_TYPE_OPTIONS];

function SingleDemo(props: SingleSelectProps) {
  const [value, setValue] = useState(props.value);
  return <Select {...props} value={value} onChange={setValue} />;
}

function MultiDemo(props: MultiSelectProps) {
  const [value, setValue] = useState<string[]>([...props.value]);
  return <Select {...props} value={value} onChange={setValue} />;
}

function SelectDemo(props: SelectProps) {
  return (
    <div className="max-w-sm pb-72">
      {props.isMulti ? <MultiDemo {...props} /> : <SingleDemo {...props} />}
    </div>
  );
}

const meta = {
  title: 'Form/Select',
  component: Select,
  tags: ['autodocs'],
  args: { label: 'Offer Type', options: OFFER_TYPES, value: null, onChange: () => {} },
  render: (args) => <SelectDemo {...args} />,
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

const openIt: Story['play'] = async ({ canvas, userEvent }) => {
  await userEvent.click(canvas.getByRole('combobox'));
  await expect(canvas.getByRole('listbox')).toBeVisible();
};

export const Default: Story = {};
export const Selected: Story = { args: { value: 'free_shipping' } };
export const Open: Story = { args: { value: 'sitewide_percent' }, play: openIt };

export const Focused: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('combobox', { name: 'Offer Type' })).toHaveFocus();
  },
};

export const Keyboard: Story = {
  play: async ({ canvas, userEvent }) => {
    const combo = canvas.getByRole('combobox', { name: 'Offer Type' });
    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    await expect(combo).toHaveTextContent('Free shipping');
    await expect(combo).toHaveAttribute('aria-expanded', 'false');
  },
};

export const Multi: Story = {
  args: {
    isMulti: true,
    hasSelectAll: true,
    label: 'Categories',
    value: ['sitewide_amount', 'sale_amount'],
  },
  play: openIt,
};

export const MultiSelectAll: Story = {
  args: { isMulti: true, hasSelectAll: true, label: 'Categories', value: [] },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Categories' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Select all' }));
    await expect(canvas.getByRole('combobox')).toHaveTextContent('6 items selected');
    await expect(canvas.getByRole('button', { name: 'Unselect All' })).toBeVisible();
  },
};

export const Sized: Story = { name: 'Size 9 (80px)', args: { size: 9 }, play: openIt };
export const WithError: Story = {
  name: 'Error',
  args: { error: 'Offer Type is required', required: true },
};
export const Disabled: Story = { args: { value: 'sitewide_amount', disabled: true } };
export const Empty: Story = {
  args: { options: [] },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('combobox'));
    await expect(canvas.getByText('No options')).toBeVisible();
  },
};
export const Loading: Story = {
  args: { options: [], isLoading: true },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('combobox'));
    await expect(canvas.getByText('Loading options...')).toBeVisible();
  },
};
export const LongText: Story = {
  args: {
    label: 'Primary category of the products your store sells on the coupon site',
    value: 'long',
    options: [
      {
        label:
          'Home, garden, outdoor furniture, barbecues, sheds and everything else for the outside of your house',
        value: 'long',
      },
      ...OFFER_TYPES,
    ],
  },
  play: openIt,
};
export const UK: Story = {
  args: { value: 'sitewide_percent' },
  globals: BRAND_GLOBALS.uk,
  play: openIt,
};
export const PromoPulse: Story = {
  args: { value: 'sitewide_percent' },
  globals: BRAND_GLOBALS.promo,
  play: openIt,
};
export const DiscountDen: Story = {
  args: { value: 'sitewide_percent' },
  globals: BRAND_GLOBALS.discount,
  play: openIt,
};
