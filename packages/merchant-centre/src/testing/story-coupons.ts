import { fireEvent } from 'storybook/test';
import type { WireCoupon } from '../lib/api/coupon-mapper';
import { couponStatsAnswer } from './api-handlers';
import { ARGOS, argosMerchant } from './argos';
import { wireCoupon } from './merchant-fixtures';

/** A merchant signed in with the Argos store, as GET /auth/me/ answers. */
export const ARGOS_MERCHANT = argosMerchant();

/** Three coupons of the Argos store as GET /coupons answers them: a percentage, free shipping and an amount off. */
export const ARGOS_COUPONS: WireCoupon[] = [
  wireCoupon(1, {
    store: ARGOS,
    title: '',
    savings_percent: '20.00',
    description: '20% off toys and games.',
  }),
  wireCoupon(2, {
    store: ARGOS,
    offer_type: 'free_shipping',
    title: '',
    savings_percent: null,
    minimum_order_amount: '50.00',
    savings_minimum_order: null,
    description: 'Free delivery on orders over 50.',
    discount_code: '',
    expiration_date: null,
  }),
  wireCoupon(3, {
    store: ARGOS,
    offer_type: 'sale_amount',
    title: '',
    savings_percent: null,
    savings_amount: '10.00',
    description: '10 off small appliances.',
  }),
];

/** The last 30 days of each coupon, as GET /coupons/stats/ answers (each card asks for them). */
export const ARGOS_STATS = couponStatsAnswer([
  { coupon: 1, views: 1204, reveals: 310, clicks: 152 },
  { coupon: 2, views: 845, reveals: 0, clicks: 97 },
  { coupon: 3, views: 1, reveals: 1, clicks: 0 },
]);

const pause = () => new Promise((resolve) => setTimeout(resolve, 300));

/** With the keyboard: space lifts the coupon of this handle, the down arrow moves it one place, space drops it. */
export async function moveDownWithKeyboard(handle: HTMLElement) {
  handle.focus();
  // The drag library reads keyCode, which user-event leaves unset.
  await fireEvent.keyDown(handle, { key: ' ', code: 'Space', keyCode: 32 });
  await pause();
  await fireEvent.keyDown(handle, { key: 'ArrowDown', code: 'ArrowDown', keyCode: 40 });
  await pause();
  await fireEvent.keyDown(handle, { key: ' ', code: 'Space', keyCode: 32 });
}
