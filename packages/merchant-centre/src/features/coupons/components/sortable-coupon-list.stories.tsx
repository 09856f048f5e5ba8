import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { useGetCouponStatsQuery } from '../api/coupon-stats';
import { moneyOfClient, toScreenCoupon } from '../../../lib/api/coupon-mapper';
import type { ScreenCoupon } from '../../../lib/api/coupon-mapper';
import { pending } from '../../../testing/api-handlers';
import { argosLogoAnswer } from '../../../testing/argos';
import { BRAND_STORIES } from '../../../testing/story-brand';
import { withAppProviders } from '../../../testing/story-providers';
import { SortableCouponList } from './sortable-coupon-list';
import { StillCouponList } from './still-coupon-list';
import type { SortableCouponListProps } from './sortable-coupon-list';
import { ARGOS_COUPONS, ARGOS_STATS, moveDownWithKeyboard } from '../../../testing/story-coupons';

const COUPONS: ScreenCoupon[] = ARGOS_COUPONS.map((coupon) =>
  toScreenCoupon(coupon, moneyOfClient(7)),
);

/** The list as My coupons keeps it: it asks for the counts, and a move reorders the coupons on the screen. */
function CouponList({ coupons, onMove, onDelete }: SortableCouponListProps) {
  useGetCouponStatsQuery();
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
  parameters: { msw: { handlers: { stats: ARGOS_STATS, logo: argosLogoAnswer } } },
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

/** With the keyboard: space lifts the first coupon, the down arrow moves it, space drops it. */
export const DragWithKeyboard: Story = {
  name: 'Drag (keyboard)',
  play: async ({ args, canvas }) => {
    await moveDownWithKeyboard(canvas.getByRole('button', { name: /^Move coupon 1 of 3/ }));
    await waitFor(() => expect(args.onMove).toHaveBeenCalledWith(0, 1));
    await expect(
      await canvas.findByRole('button', { name: /^Move coupon 2 of 3: 20%/ }),
    ).toBeInTheDocument();
  },
};

/** One coupon: nothing to reorder, so no handle. */
export const OneCoupon: Story = {
  args: { coupons: COUPONS.slice(0, 1) },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: /^Move coupon/ })).not.toBeInTheDocument();
  },
};

/**
 * The rows as My coupons shows them while the drag list's code loads: the handles in their
 * places do nothing yet, so they are not offered as controls.
 */
export const WhileDragCodeLoads: Story = {
  name: 'While the drag code loads',
  render: ({ coupons, onDelete }) => (
    <div className="mx-auto max-w-4xl">
      <StillCouponList coupons={coupons} onDelete={onDelete} />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('article')).toHaveLength(3);
    await expect(canvas.queryByRole('button', { name: /^Move coupon/ })).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: /^Delete coupon 20%/ })).toBeVisible();
  },
};

/** Before the counts arrive the cards show without them; each card's line holds its place unseen. */
export const CountsLoading: Story = {
  parameters: { msw: { handlers: { stats: pending('get', 'coupons/stats/') } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('20% off toys and games.')).toBeVisible();
    const lines = canvas.getAllByText(/^Last 30 days/);
    await expect(lines).toHaveLength(3);
    for (const line of lines) await expect(line).not.toBeVisible();
  },
};

export const VoucherNest: Story = {
  ...ThreeCoupons,
  name: 'VoucherNest',
  globals: BRAND_STORIES.uk,
};
export const PromoPulse: Story = {
  ...ThreeCoupons,
  name: 'PromoPulse',
  globals: BRAND_STORIES.promo,
};
export const DiscountDen: Story = {
  ...DragWithKeyboard,
  name: 'DiscountDen drag',
  globals: BRAND_STORIES.discount,
};
