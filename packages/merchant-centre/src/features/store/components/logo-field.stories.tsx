import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import argosLogo from '@cc/config/brands/uk-argos.svg';
import { MESSAGES } from '@cc/contract';
import { LogoField } from './logo-field';

const meta = {
  title: 'Merchant centre/Store/LogoField',
  component: LogoField,
  tags: ['autodocs'],
  args: {
    value: '',
    storeName: 'Argos',
    isUploading: false,
    error: null,
    canFit: false,
    onFile: fn(),
    onRemove: fn(),
    onFit: fn(),
  },
} satisfies Meta<typeof LogoField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No logo yet: the logo is optional. */
export const Default: Story = {};

export const WithLogo: Story = {
  args: { value: argosLogo },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('img', { name: 'Argos logo preview' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Remove logo' }));
    await expect(args.onRemove).toHaveBeenCalled();
  },
};

export const Uploading: Story = {
  args: { isUploading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Logo')).toBeDisabled();
  },
};

/** A file that is not 120x40: the spec's message, and the offer to fit it. */
export const WrongSize: Story = {
  name: 'Wrong size (fit offered)',
  args: { error: MESSAGES.logoSize, canFit: true },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(MESSAGES.logoSize);
    await userEvent.click(canvas.getByRole('button', { name: 'Fit to 120×40' }));
    await expect(args.onFit).toHaveBeenCalled();
  },
};

/** While the server fits it: the message stays, the offer waits for the answer. */
export const Fitting: Story = {
  args: { error: MESSAGES.logoSize, canFit: true, isUploading: true },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: 'Fit to 120×40' })).not.toBeInTheDocument();
  },
};

/** A saved logo kept while a wrong-size file waits to be fitted or left. */
export const WrongSizeWithSavedLogo: Story = {
  name: 'Wrong size, saved logo kept',
  args: { value: argosLogo, error: MESSAGES.logoSize, canFit: true },
};

export const UploadFailed: Story = {
  args: { error: 'Upload failed with status 413' },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Logo')).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.queryByRole('button', { name: 'Fit to 120×40' })).not.toBeInTheDocument();
  },
};
