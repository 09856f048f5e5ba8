import { api } from '@cc/api';
import type { FailingCouponList } from '@cc/contract/coupon-feedback';

/** How often the list is read again while it is open. */
export const FAILING_POLL_MS = 60_000;

/** Live coupons whose latest "Did this code work?" answers are mostly No (staff only). */
const couponFeedbackApi = api.injectEndpoints({
  endpoints: (build) => ({
    failingCoupons: build.query<FailingCouponList, void>({
      query: () => 'review/coupon-feedback/',
    }),
  }),
});

export const { useFailingCouponsQuery } = couponFeedbackApi;
