import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { MESSAGES } from '@cc/contract';
import { defaultAnswers, failing, pending, storeSaveAnswer } from '../../../testing/api-handlers';
import { argosLogoAnswer, argosMerchant, argosStore } from '../../../testing/argos';
import { BRAND_STORIES } from '../../../testing/story-brand';
import { withAppProviders } from '../../../testing/story-providers';
import { MyStorePage } from './my-store-page';

const meta = {
  title: 'Merchant centre/Store/MyStorePage',
  component: MyStorePage,
  tags: ['autodocs'],
  decorators: [withAppProviders],
  parameters: {
    layout: 'fullscreen',
    path: '/my-store',
    // The calls of the screen: /auth/me/ (the store), saving it, the billing details and the emails.
    msw: {
      handlers: {
        ...defaultAnswers,
        me: argosMerchant(),
        logo: argosLogoAnswer,
        save: storeSaveAnswer(argosStore()),
      },
    },
  },
} satisfies Meta<typeof MyStorePage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A live store: its information and logo from /auth/me/, then the billing details and the emails. */
export const Edit: Story = {
  name: 'Edit (with logo)',
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'My Store' })).toBeVisible();
    await expect(canvas.getByLabelText(/Store Name/)).toHaveValue('Argos');
    const logo = canvas.getByRole('img', { name: 'Argos logo preview' });
    // The file comes from the logo's address (test/argos.ts answers it).
    await waitFor(() =>
      expect(logo instanceof HTMLImageElement && logo.naturalWidth > 0).toBe(true),
    );
    await expect(await canvas.findByRole('heading', { name: 'BILLING DETAILS' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'EMAIL NOTIFICATIONS' })).toBeVisible();
  },
};

/** SAVE CHANGES sends PUT /stores/{slug}; the answer is saved and the toast says so. */
export const SaveChanges: Story = {
  name: 'Save changes',
  play: async ({ canvas, canvasElement, userEvent }) => {
    const name = await canvas.findByLabelText(/Store Name/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Argos Outlet');
    await userEvent.click(canvas.getByRole('button', { name: 'SAVE CHANGES' }));
    await expect(
      await within(canvasElement.ownerDocument.body).findByText(
        MESSAGES.changesSaved,
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
  },
};

/** Not approved yet: the review banner above the form. */
export const InReview: Story = {
  name: 'In review',
  parameters: { msw: { handlers: { me: argosMerchant({ is_approved: false }) } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Your store page is being reviewed')).toBeVisible();
  },
};

/** Declined: the banner gives the reason staff wrote. */
export const Declined: Story = {
  parameters: {
    msw: {
      handlers: {
        me: argosMerchant({
          is_approved: false,
          declined: true,
          decline_reason: 'The logo is not the store’s own.',
        }),
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Your store page was declined')).toBeVisible();
    await expect(canvas.getByText('The logo is not the store’s own.')).toBeVisible();
  },
};

/** No store yet: the empty form and CREATE YOUR STORE, no billing or email sections. */
export const Create: Story = {
  name: 'Empty (create a store)',
  parameters: { msw: { handlers: { me: argosMerchant(null) } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: /^ADD YOUR STORE TO/ }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'CREATE YOUR STORE' })).toBeEnabled();
    await expect(
      canvas.queryByRole('heading', { name: 'BILLING DETAILS' }),
    ).not.toBeInTheDocument();
  },
};

/** The new store is refused with a 500: the status text above the button, as the error catalogue says. */
export const CreateFails: Story = {
  name: 'Error (saving fails)',
  parameters: {
    msw: { handlers: { me: argosMerchant(null), save: failing('post', 'stores/', 500) } },
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await canvas.findByLabelText(/Store Name/), 'Argos');
    await userEvent.type(canvas.getByLabelText(/^Website URL/), 'https://www.argos.co.uk');
    await userEvent.type(canvas.getByLabelText(/^Email/), 'jane.smith@argos.test');
    await userEvent.click(canvas.getByRole('button', { name: 'CREATE YOUR STORE' }));
    await expect(
      await canvas.findByText('Internal Server Error', {}, { timeout: 5000 }),
    ).toBeVisible();
  },
};

/** The billing details fail to load: that section says so, the rest of the screen stays. */
export const BillingDetailsFail: Story = {
  name: 'Error (billing details fail to load)',
  parameters: { msw: { handlers: { billing: failing('get', 'billing-details/', 503) } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/Your billing details could not be loaded/)).toBeVisible();
    await expect(canvas.getByLabelText(/Store Name/)).toHaveValue('Argos');
  },
};

/** Waiting for /auth/me/: the spinner. */
export const Loading: Story = {
  parameters: { msw: { handlers: { me: pending('get', 'auth/me/') } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading');
  },
};

export const VoucherNest: Story = { ...Edit, name: 'VoucherNest', globals: BRAND_STORIES.uk };
export const PromoPulse: Story = { ...Edit, name: 'PromoPulse', globals: BRAND_STORIES.promo };
export const DiscountDen: Story = { ...Edit, name: 'DiscountDen', globals: BRAND_STORIES.discount };
export const PromoPulseCreate: Story = {
  ...Create,
  name: 'PromoPulse create',
  globals: BRAND_STORIES.promo,
};
export const DiscountDenSaveFails: Story = {
  ...CreateFails,
  name: 'DiscountDen save fails',
  globals: BRAND_STORIES.discount,
};
