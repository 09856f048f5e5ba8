import type { Meta, StoryObj } from '@storybook/react-vite';
import { Route, Routes } from 'react-router';
import { expect, waitFor, within } from 'storybook/test';
import { MESSAGES } from '@cc/contract';
import {
  couponsAnswer,
  defaultAnswers,
  failing,
  pending,
  sortCouponsAnswer,
} from '../../../testing/api-handlers';
import { argosLogoAnswer } from '../../../testing/argos';
import { BRAND_STORIES } from '../../../testing/story-brand';
import { withAppProviders } from '../../../testing/story-providers';
import {
  ARGOS_COUPONS,
  ARGOS_MERCHANT,
  ARGOS_STATS,
  moveDownWithKeyboard,
} from '../../../testing/story-coupons';
import { CouponAddPage } from './coupon-add-page';
import { CouponEditPage } from './coupon-edit-page';
import { CouponListPage } from './coupon-list-page';

/** The coupon screens as the app routes them: My coupons, add and edit (each redirect lands on the next). */
function CouponPages() {
  return (
    <Routes>
      <Route path="/coupons" element={<CouponListPage />} />
      <Route path="/coupons/add" element={<CouponAddPage />} />
      <Route path="/coupons/:couponId" element={<CouponEditPage />} />
    </Routes>
  );
}

const meta = {
  title: 'Merchant centre/Coupons/CouponPages',
  component: CouponPages,
  tags: ['autodocs'],
  decorators: [withAppProviders],
  parameters: {
    layout: 'fullscreen',
    path: '/coupons',
    // The calls of the screens: /auth/me/ (the store), the store's coupons, their counts, the new order.
    msw: {
      handlers: {
        ...defaultAnswers,
        me: ARGOS_MERCHANT,
        logo: argosLogoAnswer,
        coupons: couponsAnswer(ARGOS_COUPONS),
        stats: ARGOS_STATS,
        sort: sortCouponsAnswer(),
      },
    },
  },
} satisfies Meta<typeof CouponPages>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The headings of the coupon cards, in the order shown. */
const headlines = (canvasElement: HTMLElement) =>
  within(canvasElement)
    .getAllByRole('article')
    .map((card) => within(card).getAllByRole('heading')[0]?.textContent);

/** My coupons: the three coupons of GET /coupons, in their order, with their 30-day counts. */
export const MyCoupons: Story = {
  name: 'My coupons',
  play: async ({ canvas, canvasElement }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'My coupons' }),
    ).toBeVisible();
    await expect(canvas.getByText('20% off toys and games.')).toBeVisible();
    await expect(canvas.getByText('10 off small appliances.')).toBeVisible();
    await expect(headlines(canvasElement)).toHaveLength(3);
    await expect(headlines(canvasElement)[2]).toContain('£10');
    await expect(await canvas.findByText(/Last 30 days: 1204 views/)).toBeVisible();
  },
};

/** A coupon moved down with the keyboard; 'Save changes' sends the order and says so. */
export const ReorderSaved: Story = {
  name: 'Reorder and save',
  play: async ({ canvas, canvasElement, userEvent }) => {
    await moveDownWithKeyboard(await canvas.findByRole('button', { name: /^Move coupon 1 of 3/ }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Save changes' }));
    // The toast is still sliding in: in the page, not yet visible.
    await expect(
      await within(canvasElement.ownerDocument.body).findByText(
        MESSAGES.reorderSaved,
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    await expect(
      canvas.getByRole('button', { name: /^Move coupon 2 of 3: 20%/ }),
    ).toBeInTheDocument();
  },
};

/** The new order is refused (503): the error's status text as a toast, and the list goes back. */
export const ReorderFails: Story = {
  name: 'Error (saving the order fails)',
  parameters: { msw: { handlers: { sort: failing('post', 'coupons/sort-coupons', 503) } } },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await moveDownWithKeyboard(await canvas.findByRole('button', { name: /^Move coupon 1 of 3/ }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Save changes' }));
    await expect(
      await within(canvasElement.ownerDocument.body).findByRole('alert', {}, { timeout: 5000 }),
    ).toHaveTextContent('Service Unavailable');
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: /^Move coupon 1 of 3: 20%/ })).toBeInTheDocument(),
    );
  },
};

/** Waiting for the store's coupons: the spinner. */
export const Loading: Story = {
  parameters: { msw: { handlers: { coupons: pending('get', 'coupons') } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading');
  },
};

/** No coupons yet: My coupons goes on to the new coupon form, its preview beside it. */
export const NoCouponsYet: Story = {
  name: 'Empty (goes to add coupon)',
  parameters: { msw: { handlers: { coupons: couponsAnswer([]) } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Your coupon information' }),
    ).toBeVisible();
    await waitFor(() =>
      expect(canvas.getByRole('region', { name: 'Preview' })).toHaveTextContent('Argos'),
    );
    await expect(canvas.getByRole('button', { name: 'Save' })).toBeEnabled();
  },
};

/** Editing coupon 1: the form holds what GET /coupons/?id_search_text=1 answered, and so does the preview. */
export const EditCoupon: Story = {
  name: 'Edit coupon',
  parameters: { path: '/coupons/1' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByLabelText(/Description/)).toHaveValue(
      '20% off toys and games.',
    );
    await waitFor(() =>
      expect(canvas.getByRole('region', { name: 'Preview' })).toHaveTextContent(
        '20% off toys and games.',
      ),
    );
    await expect(canvas.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
  },
};

/** The coupon fails to load: silently, as the specification says; the screen says it is not found. */
export const EditCouponFails: Story = {
  name: 'Error (coupon fails to load)',
  parameters: {
    path: '/coupons/1',
    msw: { handlers: { coupons: failing('get', 'coupons/', 500) } },
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByText('This coupon could not be found.')).toBeVisible();
    await expect(
      within(canvasElement.ownerDocument.body).queryByRole('alert'),
    ).not.toBeInTheDocument();
  },
};

export const VoucherNest: Story = { ...MyCoupons, name: 'VoucherNest', globals: BRAND_STORIES.uk };
export const PromoPulse: Story = {
  name: 'PromoPulse',
  globals: BRAND_STORIES.promo,
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByText('10 off small appliances.')).toBeVisible();
    await expect(headlines(canvasElement)[2]).toContain('$10');
  },
};
export const DiscountDenEdit: Story = {
  ...EditCoupon,
  name: 'DiscountDen edit coupon',
  globals: BRAND_STORIES.discount,
};
export const DiscountDenEmpty: Story = {
  ...NoCouponsYet,
  name: 'DiscountDen add coupon',
  globals: BRAND_STORIES.discount,
};
