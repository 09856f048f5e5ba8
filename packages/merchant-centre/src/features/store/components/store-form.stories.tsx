import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import argosLogo from '@cc/config/brands/uk-argos.svg';
import { MESSAGES } from '@cc/contract';
import { useAppForm } from '../../../lib/form';
import { BRAND_STORIES } from '../../../testing/story-brand';
import { withAppProviders } from '../../../testing/story-providers';
import { storeSchema } from '../hooks/use-store-form';
import type { StoreFormValues } from '../hooks/use-store-form';
import { StoreForm } from './store-form';
import type { StoreFormProps } from './store-form';

const EMPTY: StoreFormValues = {
  name: '',
  websiteUrl: '',
  affiliateWebsiteUrl: '',
  logoUrl: '',
  contactFirstName: '',
  contactLastName: '',
  contactEmail: '',
};

const FILLED: StoreFormValues = {
  name: 'Argos',
  websiteUrl: 'https://www.argos.co.uk',
  affiliateWebsiteUrl: 'https://www.awin1.com/argos',
  logoUrl: argosLogo,
  contactFirstName: 'Jane',
  contactLastName: 'Smith',
  contactEmail: 'jane.smith@argos.test',
};

type StoreScreenProps = Omit<StoreFormProps, 'form'> & {
  initialValues: StoreFormValues;
  onSubmit: (values: StoreFormValues) => void;
};

/** My Store's form as the screen holds it: the store's fields, its logo and the contact. */
function StoreScreen({ initialValues, onSubmit, ...props }: StoreScreenProps) {
  const form = useAppForm<StoreFormValues>({
    initialValues,
    validationSchema: storeSchema,
    onSubmit,
  });
  return (
    <div className="mx-auto max-w-4xl">
      <StoreForm form={form} {...props} />
    </div>
  );
}

const meta = {
  title: 'Merchant centre/Store/StoreForm',
  component: StoreScreen,
  tags: ['autodocs'],
  decorators: [withAppProviders],
  args: {
    initialValues: EMPTY,
    onSubmit: fn(),
    isCreating: true,
    pageAddress: null,
    formError: null,
    logo: {
      isUploading: false,
      error: null,
      canFit: false,
      onFile: fn(),
      onRemove: fn(),
      onFit: fn(),
    },
  },
} satisfies Meta<typeof StoreScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A new merchant: the empty form and CREATE YOUR STORE. */
export const Create: Story = {
  name: 'Create (empty)',
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'YOUR STORE INFORMATION' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'CREATE YOUR STORE' })).toBeEnabled();
  },
};

/** While creating, the name shows where the store page will live. */
export const CreateWithAddress: Story = {
  name: 'Create (page address shown)',
  args: {
    initialValues: { ...EMPTY, name: 'Argos' },
    pageAddress: 'https://www.vouchernest.co.uk/stores/argos-voucher-codes',
  },
};

/** A saved store with its logo: SAVE CHANGES. */
export const Edit: Story = {
  name: 'Edit (filled, with logo)',
  args: { initialValues: FILLED, isCreating: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Argos logo preview' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'SAVE CHANGES' })).toBeEnabled();
  },
};

/** Submitting the empty form: name, website and email are required. */
export const Errors: Story = {
  name: 'Errors (required fields)',
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'CREATE YOUR STORE' }));
    await expect(await canvas.findAllByText(MESSAGES.required)).toHaveLength(3);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** A logo on its way up: the submit waits for it. */
export const LogoUploading: Story = {
  args: {
    initialValues: FILLED,
    isCreating: false,
    logo: { ...meta.args.logo, isUploading: true },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'SAVE CHANGES' })).toBeDisabled();
  },
};

/** A logo that is not 120x40: the spec's message and the offer to fit it. */
export const LogoWrongSize: Story = {
  name: 'Logo wrong size (fit offered)',
  args: {
    initialValues: FILLED,
    isCreating: false,
    logo: { ...meta.args.logo, error: MESSAGES.logoSize, canFit: true },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Fit to 120×40' })).toBeVisible();
  },
};

/** The server turned the save down with a message for no single field. */
export const ServerError: Story = {
  args: {
    initialValues: FILLED,
    isCreating: false,
    formError: 'Your store could not be saved. Please try again.',
  },
};

export const VoucherNest: Story = { ...Edit, name: 'VoucherNest', globals: BRAND_STORIES.uk };
export const PromoPulse: Story = { ...Edit, name: 'PromoPulse', globals: BRAND_STORIES.promo };
export const DiscountDen: Story = { ...Edit, name: 'DiscountDen', globals: BRAND_STORIES.discount };
export const PromoPulseErrors: Story = {
  ...Errors,
  name: 'PromoPulse errors',
  globals: BRAND_STORIES.promo,
};
export const DiscountDenWrongSizeLogo: Story = {
  ...LogoWrongSize,
  name: 'DiscountDen wrong-size logo',
  globals: BRAND_STORIES.discount,
};
