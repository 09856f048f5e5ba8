import { api } from '../api';

/**
 * Calls under the names the notice lists know (SILENT_ENDPOINTS, INLINE_ENDPOINTS), made
 * the way the merchant centre's features make them, for this package's tests of the
 * transport and the notices. The features inject their own; this module is not exported.
 */
export const sampleApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCoupons: build.query<unknown, { storeSlug: string; client: number }>({
      query: ({ storeSlug, client }) => ({
        url: 'coupons',
        params: { store_slug: storeSlug, client },
      }),
    }),
    createCoupon: build.mutation<unknown, Record<string, unknown>>({
      query: (body) => ({ url: 'coupons/', method: 'POST', body }),
    }),
    deleteCoupon: build.mutation<void, { couponId: number }>({
      query: ({ couponId }) => ({ url: `coupons/${couponId}/`, method: 'DELETE' }),
    }),
    getPlan: build.query<unknown, { client: number }>({
      query: ({ client }) => ({ url: 'coupon-center-plans/', params: { client } }),
    }),
    getTransactions: build.query<{ count: number }, void>({
      query: () => 'coupon-center-transactions/',
    }),
  }),
});
