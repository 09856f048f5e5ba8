import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import type { StripeSubscription } from '@cc/contract';
import { store, storedUser } from '../../../testing/fixtures';
import { BRAND_STORIES } from '../../../testing/story-brand';
import { Header } from './header';
import { MobileMenu } from './mobile-menu';
import { withAppProviders } from '../../../testing/story-providers';

const active: StripeSubscription = {
  status: 'active',
  start_date: 1_761_955_200,
  canceled_at: null,
  current_period_end: 1_764_547_200,
};
/** A phone's width, where the links sit behind 'Menu'. */
const PHONE = { viewport: { value: 'mobile1', isRotated: false } };
const inReview = storedUser({ store: store() });
const live = storedUser({ store: store({ is_approved: true, stripe_subscription: active }) });

const meta = {
  title: 'Merchant centre/Shell/Header',
  component: Header,
  tags: ['autodocs'],
  decorators: [withAppProviders],
  parameters: { layout: 'fullscreen', path: '/my-store' },
} satisfies Meta<typeof Header>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A visitor: 'Log in' and 'Create your coupon page'. */
export const SignedOut: Story = { parameters: { path: '/login' } };

/** Signed in, the store still in review: 'Live coupon page' opens the preview. */
export const SignedInInReview: Story = {
  name: 'Signed in (store in review)',
  parameters: { session: inReview },
};

/** Signed in with a live store page: 'Live coupon page' opens it in a new tab. */
export const SignedInLive: Story = { name: 'Signed in (page live)', parameters: { session: live } };

/** On a phone the links sit behind 'Menu', which opens the menu dialog. */
export const MobileMenuOpen: Story = {
  name: 'Mobile menu open',
  globals: PHONE,
  parameters: { session: live },
  render: () => <MobileMenu isOpen onClose={fn()} />,
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await expect(within(dialog).getByRole('link', { name: 'My coupons' })).toBeInTheDocument();
    await expect(within(dialog).getByRole('link', { name: 'Live coupon page' })).toHaveAttribute(
      'target',
      '_blank',
    );
  },
};

/** The header on a phone: 'Menu' opens the dialog, 'Close menu' closes it. */
export const Phone: Story = {
  globals: PHONE,
  parameters: { session: inReview },
  play: async ({ canvas, canvasElement, userEvent }) => {
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'Menu' }));
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await userEvent.click(page.getByRole('button', { name: 'Close menu' }));
    await expect(page.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  },
};

export const MobileMenuSignedOut: Story = {
  name: 'Mobile menu open (signed out)',
  globals: PHONE,
  render: () => <MobileMenu isOpen onClose={fn()} />,
};

export const VoucherNest: Story = {
  ...SignedInLive,
  name: 'VoucherNest',
  globals: BRAND_STORIES.uk,
};
export const PromoPulse: Story = {
  ...SignedInInReview,
  name: 'PromoPulse',
  globals: BRAND_STORIES.promo,
};
export const DiscountDen: Story = {
  ...SignedOut,
  name: 'DiscountDen',
  globals: BRAND_STORIES.discount,
};
export const PromoPulseMobileMenu: Story = {
  ...MobileMenuOpen,
  name: 'PromoPulse mobile menu',
  globals: { ...PHONE, ...BRAND_STORIES.promo },
};
export const DiscountDenMobileMenu: Story = {
  ...MobileMenuOpen,
  name: 'DiscountDen mobile menu',
  globals: { ...PHONE, ...BRAND_STORIES.discount },
};
export const DiscountDenPhone: Story = {
  ...Phone,
  name: 'DiscountDen on a phone',
  globals: { ...PHONE, ...BRAND_STORIES.discount },
};
