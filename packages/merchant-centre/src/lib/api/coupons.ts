import type { CouponCreateBody, CouponUpdateBody, Paginated, SuccessBody } from '@cc/contract';
import { api, LIST } from '@cc/api';
import { moneyOfClient, toScreenCoupon } from './coupon-mapper';
import type { ScreenCoupon, WireCoupon } from './coupon-mapper';

export type CouponListArgs = { storeSlug: string; client: number };
/** Coupon list response as screens use it: count and the mapped coupons. */
export type CouponList = { count: number; coupons: ScreenCoupon[] };

export const couponsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /coupons with store_slug, client and include_scheduled=1 (coupon lists include scheduled ones). */
    getCoupons: build.query<CouponList, CouponListArgs>({
      query: ({ storeSlug, client }) => ({
        url: 'coupons',
        params: { store_slug: storeSlug, client, include_scheduled: 1 },
      }),
      transformResponse: (response: Paginated<WireCoupon>, _meta, { client }) => ({
        count: response.count,
        coupons: response.results.map((coupon) => toScreenCoupon(coupon, moneyOfClient(client))),
      }),
      providesTags: (result) => [
        ...(result?.coupons.map((coupon) => ({ type: 'Coupon' as const, id: coupon.couponId })) ??
          []),
        { type: 'Coupon', id: LIST },
      ],
    }),
    /** GET /coupons/ with id_search_text and client; the first result is the coupon. */
    getCoupon: build.query<ScreenCoupon | null, { couponId: number; client: number }>({
      query: ({ couponId, client }) => ({
        url: 'coupons/',
        params: { id_search_text: couponId, client },
      }),
      transformResponse: (response: Paginated<WireCoupon>, _meta, { client }) => {
        const first = response.results[0];
        return first ? toScreenCoupon(first, moneyOfClient(client)) : null;
      },
      providesTags: (_result, _error, { couponId }) => [{ type: 'Coupon', id: couponId }],
    }),
    createCoupon: build.mutation<WireCoupon, CouponCreateBody>({
      query: (body) => ({ url: 'coupons/', method: 'POST', body: { ...body, approved: true } }),
      invalidatesTags: [{ type: 'Coupon', id: LIST }],
    }),
    updateCoupon: build.mutation<WireCoupon, { couponId: number; body: CouponUpdateBody }>({
      query: ({ couponId, body }) => ({
        url: `coupons/${couponId}`,
        method: 'PATCH',
        body: { ...body, approved: true },
      }),
      invalidatesTags: (_result, _error, { couponId }) => [
        { type: 'Coupon', id: couponId },
        { type: 'Coupon', id: LIST },
      ],
    }),
    /** DELETE /coupons/{couponId}/: the coupon leaves the store's list. */
    deleteCoupon: build.mutation<void, { couponId: number }>({
      query: ({ couponId }) => ({ url: `coupons/${couponId}/`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { couponId }) => [
        { type: 'Coupon', id: couponId },
        { type: 'Coupon', id: LIST },
      ],
    }),
    /**
     * POST /coupons/sort-coupons with ids and 1-based sort numbers as strings. The
     * cached list is reordered at once and put back if the call fails.
     */
    sortCoupons: build.mutation<SuccessBody, { list: CouponListArgs; couponIds: number[] }>({
      query: ({ couponIds }) => ({
        url: 'coupons/sort-coupons',
        method: 'POST',
        body: {
          items: couponIds.map((id, index) => ({ id: String(id), sort_number: String(index + 1) })),
        },
      }),
      async onQueryStarted({ list, couponIds }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          couponsApi.util.updateQueryData('getCoupons', list, (draft) => {
            const byId = new Map(draft.coupons.map((coupon) => [coupon.couponId, coupon]));
            const ordered = couponIds.flatMap((id) => {
              const coupon = byId.get(id);
              return coupon ? [coupon] : [];
            });
            const rest = draft.coupons.filter((coupon) => !couponIds.includes(coupon.couponId));
            draft.coupons = [...ordered, ...rest].map((coupon, index) => ({
              ...coupon,
              sortNumber: index + 1,
            }));
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});

export const {
  useGetCouponsQuery,
  useGetCouponQuery,
  useCreateCouponMutation,
  useUpdateCouponMutation,
  useSortCouponsMutation,
  useDeleteCouponMutation,
} = couponsApi;
