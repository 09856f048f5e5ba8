import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, within } from 'storybook/test';
import { ACCOUNT_MESSAGES } from '@cc/contract';
import { apiPath, pending } from '../../../testing/api-handlers';
import { storedUser } from '../../../testing/fixtures';
import { BRAND_STORIES } from '../../../testing/story-brand';
import { withAppProviders } from '../../../testing/story-providers';
import { DeleteAccountSection } from './delete-account-section';

/** POST /account/delete/ answering a wrong password, as the server does. */
const wrongPassword = http.post(apiPath('account/delete/'), () =>
  HttpResponse.json({ password: [ACCOUNT_MESSAGES.currentPasswordWrong] }, { status: 400 }),
);

const meta = {
  title: 'Merchant centre/Account/DeleteAccountSection',
  component: DeleteAccountSection,
  tags: ['autodocs'],
  decorators: [withAppProviders],
  parameters: {
    path: '/account',
    session: storedUser(),
    msw: { handlers: { delete: wrongPassword } },
  },
} satisfies Meta<typeof DeleteAccountSection>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = (element: HTMLElement) => within(element.ownerDocument.body);

/** What is deleted and what is kept, and 'Delete my account'. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Delete account' })).toBeVisible();
    await expect(canvas.getByText(/We keep your invoices, as the law requires/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Delete my account' })).toBeEnabled();
  },
};

/** The confirm dialog: the password and the typed word, 'No, go back' the primary choice. */
export const DialogOpen: Story = {
  name: 'Dialog open',
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Delete my account' }));
    const dialog = within(
      await body(canvasElement).findByRole('alertdialog', { name: 'Delete your account?' }),
    );
    await expect(dialog.getByLabelText('Password')).toBeVisible();
    await expect(dialog.getByLabelText('Type DELETE to confirm')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'No, go back' })).toHaveAttribute(
      'data-variant',
      'primary',
    );
  },
};

/** A wrong password: the server's message under the field. */
export const WrongPassword: Story = {
  name: 'Error (wrong password)',
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Delete my account' }));
    const dialog = within(await body(canvasElement).findByRole('alertdialog'));
    await userEvent.type(dialog.getByLabelText('Password'), 'not-it');
    await userEvent.type(dialog.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await userEvent.click(dialog.getByRole('button', { name: 'Yes, delete my account' }));
    await expect(await dialog.findByText(ACCOUNT_MESSAGES.currentPasswordWrong)).toBeVisible();
  },
};

/** The deletion on its way: the confirm button is busy. */
export const Deleting: Story = {
  name: 'Loading (deleting)',
  parameters: { msw: { handlers: { delete: pending('post', 'account/delete/') } } },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Delete my account' }));
    const dialog = within(await body(canvasElement).findByRole('alertdialog'));
    await userEvent.type(dialog.getByLabelText('Password'), 'demo1234');
    await userEvent.type(dialog.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await userEvent.click(dialog.getByRole('button', { name: 'Yes, delete my account' }));
    await expect(await dialog.findByRole('button', { name: 'Deleting...' })).toBeDisabled();
  },
};

export const VoucherNest: Story = {
  ...DialogOpen,
  name: 'VoucherNest dialog',
  globals: BRAND_STORIES.uk,
};
export const PromoPulse: Story = { ...Default, globals: BRAND_STORIES.promo };
export const PromoPulseDialog: Story = {
  ...DialogOpen,
  name: 'PromoPulse dialog',
  globals: BRAND_STORIES.promo,
};
export const DiscountDen: Story = { ...Default, globals: BRAND_STORIES.discount };
export const DiscountDenDialog: Story = {
  ...DialogOpen,
  name: 'DiscountDen dialog',
  globals: BRAND_STORIES.discount,
};
