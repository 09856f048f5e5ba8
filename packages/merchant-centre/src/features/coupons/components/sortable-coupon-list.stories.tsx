import { useState } from 'react';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, waitFor } from 'storybook/test';
import argosLogo from '@cc/config/brands/uk-argos.svg';
import { couponStatsApi, moneyOfClient, toScreenCoupon } from '@cc/api';
import type { ScreenCoupon } from '@cc/api';
import { wireCoupon } from '../../../test/merchant-fixtures';
import { BRAND_STORIES } from '../../insights/components/story-brand';
import { withAppProviders } from '../../shell/components/story-providers';
import type { StoryStore } from '../../shell/components/story-providers';
import { SortableCouponList } from './sortable-coupon-list';
import type { SortableCouponListProps } from './sortable-coupon-list';

const argos = { id: 5, slug: 'argos-voucher-codes', name: 'Argos', logo_url: argosLogo, website_url: 'https://www.argos.co.uk' };

const COUPONS: ScreenCoupon[] = [
  wireCoupon(1, { store: argos, title: '', savings_percent: '20.00', description: '20% off toys and games.' }),
  wireCoupon(2, {
    store: argos,
    offer_type: 'free_shipping',
    title: '',
    savings_percent: null,
    minimum_order_amount: '50.00',
    savings_minimum_order: null,
    description: 'Free delivery on orders over 50.',
    discount_code: '',
    expiration_date: null,
  }),
  wireCoupon(3, { store: argos, offer_type: 'sale_amount', title: '', savings_percent: null, savings_amount: '10.00', description: '10 off small appliances.' }),
].map((coupon) => toScreenCoupon(coupon, moneyOfClient(7)));

/** The last 30 days of each coupon, as GET /coupons/stats/ answers. */
function seedStats(store: StoryStore) {
  const answer = couponStatsApi.util.upsertQueryData('getCouponStats', undefined, {
    1: { views: 1204, reveals: 310, clicks: 152 },
    2: { views: 845, reveals: 0, clicks: 97 },
    3: { views: 1, reveals: 1, clicks: 0 },
  });
  // The store's state types the API slice as injected later; in the story it is there from the start.
  void store.dispatch(answer as unknown as UnknownAction);
}

/** The list as My coupons keeps it: a move reorders the coupons on the screen. */
function CouponList({ coupons, onMove, onDelete }: SortableCouponListProps) {
  const [order, setOrder] = useState(coupons);
  function move(from: number, to: number) {
    onMove(from, to);
    setOrder((current) => {
      const next = [...current];
      const [moved] = next.splice(from, 1);
      if (moved) next.splice(to, 0, moved);
      return next;
    });
  }
  return (
    <div className="mx-auto max-w-4xl">
      <SortableCouponList coupons={order} onMove={move} onDelete={onDelete} />
    </div>
  );
}

const meta = {
  title: 'Merchant centre/Coupons/SortableCouponList',
  component: CouponList,
  tags: ['autodocs'],
  decorators: [withAppProviders],
  parameters: { seed: seedStats },
  args: { coupons: COUPONS, onMove: fn(), onDelete: fn() },
} satisfies Meta<typeof CouponList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three coupons with their 30-day counts; each row has a drag handle. */
export const ThreeCoupons: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(await canvas.findByText(/Last 30 days: 1204 views/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /^Delete coupon 20%/ }));
    await expect(args.onDelete).toHaveBeenCalledWith(COUPONS[0]);
  },
};

const pause = () => new Promise((resolve) => setTimeout(resolve, 300));

/** With the keyboard: space lifts the first coupon, the down arrow moves it, space drops it. */
export const DragWithKeyboard: Story = {
  name: 'Drag (keyboard)',
  play: async ({ args, canvas }) => {
    const handle = canvas.getByRole('button', { name: /^Move coupon 1 of 3/ });
    handle.focus();
    // The drag library reads keyCode, which user-event leaves unset.
    await fireEvent.keyDown(handle, { key: ' ', code: 'Space', keyCode: 32 });
    await pause();
    await fireEvent.keyDown(handle, { key: 'ArrowDown', code: 'ArrowDown', keyCode: 40 });
    await pause();
    await fireEvent.keyDown(handle, { key: ' ', code: 'Space', keyCode: 32 });
    await waitFor(() => expect(args.onMove).toHaveBeenCalledWith(0, 1));
    await expect(await canvas.findByRole('button', { name: /^Move coupon 2 of 3: 20%/ })).toBeInTheDocument();
  },
};

/** One coupon: nothing to reorder, so no handle. */
export const OneCoupon: Story = {
  args: { coupons: COUPONS.slice(0, 1) },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: /^Move coupon/ })).not.toBeInTheDocument();
  },
};

/** Before the counts arrive the cards show without them. */
export const CountsLoading: Story = { parameters: { seed: undefined } };

export const VoucherNest: Story = { ...ThreeCoupons, name: 'VoucherNest', globals: BRAND_STORIES.uk };
export const PromoPulse: Story = { ...ThreeCoupons, name: 'PromoPulse', globals: BRAND_STORIES.promo };
export const DiscountDen: Story = { ...DragWithKeyboard, name: 'DiscountDen drag', globals: BRAND_STORIES.discount };
