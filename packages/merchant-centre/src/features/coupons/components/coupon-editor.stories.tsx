import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import argosLogo from '@cc/config/brands/uk-argos.svg';
import type { Store } from '@cc/contract';
import { MESSAGES } from '@cc/contract';
import { store as storeFixture } from '../../../testing/fixtures';
import { useAppForm } from '../../../lib/form';
import { BRAND_STORIES } from '../../../testing/story-brand';
import { withAppProviders } from '../../../testing/story-providers';
import { couponSchema } from '../hooks/use-coupon-form';
import type { CouponFormValues } from '../coupon-form-values';
import {
  CouponEditorColumns,
  CouponEditorFrame,
  CouponEditorLoading,
  NoStoreNotice,
} from './coupon-editor';
import { CouponForm } from './coupon-form';
import { CouponPreview } from './coupon-preview';

const EMPTY: CouponFormValues = {
  typeId: '',
  savings: '',
  minimum: '',
  isSavingsRange: false,
  description: '',
  destinationUrl: '',
  code: '',
  started: '',
  expired: '',
  noExpiration: false,
};

const FILLED: CouponFormValues = {
  ...EMPTY,
  typeId: 'sitewide_percent',
  savings: '20',
  isSavingsRange: true,
  description: 'Up to 20% off everything, including sale items, for new customers.',
  destinationUrl: 'https://www.argos.co.uk/sale',
  code: 'SAVE20',
  started: '2026-11-01',
  expired: '2026-12-31',
};

type CouponScreenProps = {
  initialValues: CouponFormValues;
  isEditing: boolean;
  formError: string | null;
  store: Store;
  onSubmit: (values: CouponFormValues) => void;
};

/** The add / edit coupon screen as the routes put it together: the form beside its live preview. */
function CouponScreen({ initialValues, isEditing, formError, store, onSubmit }: CouponScreenProps) {
  const form = useAppForm<CouponFormValues>({
    initialValues,
    validationSchema: couponSchema,
    onSubmit,
  });
  return (
    <CouponEditorFrame>
      <CouponEditorColumns
        form={<CouponForm form={form} isEditing={isEditing} formError={formError} />}
        preview={<CouponPreview values={form.formik.values} store={store} />}
      />
    </CouponEditorFrame>
  );
}

const meta = {
  title: 'Merchant centre/Coupons/CouponEditor',
  component: CouponScreen,
  tags: ['autodocs'],
  decorators: [withAppProviders],
  parameters: { layout: 'fullscreen' },
  args: {
    initialValues: EMPTY,
    isEditing: false,
    formError: null,
    store: storeFixture({
      name: 'Argos',
      website_url: 'https://www.argos.co.uk',
      logo_url: argosLogo,
    }),
    onSubmit: fn(),
  },
} satisfies Meta<typeof CouponScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A new coupon: the empty form, the preview shows the store. */
export const Empty: Story = {
  name: 'Add coupon (empty)',
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Your coupon information' }),
    ).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Preview' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Save' })).toBeEnabled();
  },
};

/** Editing a coupon: every field filled, the preview shows the offer as the site will. */
export const Filled: Story = {
  name: 'Edit coupon (filled)',
  args: { initialValues: FILLED, isEditing: true },
  play: async ({ canvas, userEvent }) => {
    const description = canvas.getByLabelText(/Description/);
    await userEvent.clear(description);
    await userEvent.type(description, 'Twenty percent off toys');
    // The preview's card is a chunk of its own: it shows once its code is there.
    await waitFor(() =>
      expect(canvas.getByRole('region', { name: 'Preview' })).toHaveTextContent(
        'Twenty percent off toys',
      ),
    );
  },
};

export const FreeShipping: Story = {
  args: {
    initialValues: {
      ...FILLED,
      typeId: 'free_shipping',
      savings: '',
      minimum: '50',
      isSavingsRange: false,
      noExpiration: true,
      expired: '',
    },
  },
};

/** Save on the empty form: the required fields say so. */
export const Errors: Story = {
  name: 'Errors (required fields)',
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await canvas.findAllByText(MESSAGES.required)).toHaveLength(2);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** The server turned the coupon down with a message that belongs to no field. */
export const ServerError: Story = {
  args: {
    initialValues: FILLED,
    isEditing: true,
    formError: 'Your coupon could not be saved. Please try again.',
  },
};

export const Loading: Story = { render: () => <CouponEditorLoading /> };

/** No store yet: the screen asks the merchant to add their store to the site first. */
export const NoStore: Story = {
  render: () => <NoStoreNotice />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Go to My Store' })).toHaveAttribute(
      'href',
      '/my-store',
    );
  },
};

export const VoucherNest: Story = { ...Filled, name: 'VoucherNest', globals: BRAND_STORIES.uk };
export const PromoPulse: Story = { ...Filled, name: 'PromoPulse', globals: BRAND_STORIES.promo };
export const DiscountDen: Story = {
  ...Filled,
  name: 'DiscountDen',
  globals: BRAND_STORIES.discount,
};
export const PromoPulseErrors: Story = {
  ...Errors,
  name: 'PromoPulse errors',
  globals: BRAND_STORIES.promo,
};
export const DiscountDenNoStore: Story = {
  ...NoStore,
  name: 'DiscountDen no store',
  globals: BRAND_STORIES.discount,
};
