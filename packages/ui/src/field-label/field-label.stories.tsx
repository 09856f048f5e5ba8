import type { Meta, StoryObj } from '@storybook/react-vite';
import { BRAND_GLOBALS } from '../testing/story-brands';
import { FieldLabel } from './field-label';
import type { FieldLabelProps } from './field-label';

function LabelledInput(props: FieldLabelProps) {
  return (
    <div>
      <FieldLabel {...props} />
      <input
        id={props.htmlFor}
        className="block rounded-md border border-slate-400 px-3 py-2 text-sm"
      />
    </div>
  );
}

const meta = {
  title: 'Form/FieldLabel',
  component: FieldLabel,
  tags: ['autodocs'],
  args: { htmlFor: 'store-name', children: 'Store name' },
  render: (args) => <LabelledInput {...args} />,
} satisfies Meta<typeof FieldLabel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Required: Story = { args: { isRequired: true } };
export const VisuallyHidden: Story = { args: { isHidden: true } };
export const LongText: Story = {
  args: {
    children:
      'The address customers land on when they press Use Coupon on the coupon page (destination URL)',
  },
};
export const UK: Story = { globals: BRAND_GLOBALS.uk };
export const PromoPulse: Story = { globals: BRAND_GLOBALS.promo };
export const DiscountDen: Story = { globals: BRAND_GLOBALS.discount };
