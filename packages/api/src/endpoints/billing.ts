import type {
  Paginated,
  PaymentMethod,
  Plan,
  SubscriptionResponse,
  Transaction,
  UpdateSubscriptionBody,
} from '@cc/contract';
import { api, LIST } from '../api';

type MaybePage<T> = Paginated<T> | T[];

export const EMPTY_SEQUENCE_MESSAGE = 'Sequence contains no elements';

function isEmptySequence(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    'message' in body &&
    body.message === EMPTY_SEQUENCE_MESSAGE
  );
}

function itemsOf<T>(response: MaybePage<T>): T[] {
  return Array.isArray(response) ? response : response.results;
}

export const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The server message 'Sequence contains no elements' empties the list (SPEC section 8). */
    getPaymentMethods: build.query<PaymentMethod[], { websiteId?: number } | void>({
      async queryFn(args, _api, _extra, baseQuery) {
        const params = args?.websiteId ? { websiteId: args.websiteId } : {};
        const result = await baseQuery({ url: 'payment-methods/', params });
        if (result.error)
          return isEmptySequence(result.error.data) ? { data: [] } : { error: result.error };
        return { data: itemsOf(result.data as MaybePage<PaymentMethod>) };
      },
      providesTags: (result) => [
        ...(result?.map((method) => ({ type: 'PaymentMethod' as const, id: method.id })) ?? []),
        { type: 'PaymentMethod', id: LIST },
      ],
    }),
    /** GET /coupon-center-plans/?client=N; only the first plan is used. */
    getPlan: build.query<Plan | null, { client: number }>({
      query: ({ client }) => ({ url: 'coupon-center-plans/', params: { client } }),
      transformResponse: (response: MaybePage<Plan>) => itemsOf(response)[0] ?? null,
      providesTags: (result) => [{ type: 'Plan', id: result?.id ?? LIST }],
    }),
    getTransactions: build.query<Paginated<Transaction>, void>({
      query: () => 'coupon-center-transactions/',
      providesTags: (result) => [
        ...(result?.results.map((txn) => ({ type: 'Transaction' as const, id: txn.id })) ?? []),
        { type: 'Transaction', id: LIST },
      ],
    }),
    /** POST /stripe-update-subscription/ with status; answers the updated subscription. */
    updateSubscription: build.mutation<SubscriptionResponse, UpdateSubscriptionBody>({
      query: (body) => ({ url: 'stripe-update-subscription/', method: 'POST', body }),
      invalidatesTags: ['Me', 'Subscription', { type: 'Transaction', id: LIST }],
    }),
  }),
});

export const {
  useGetPaymentMethodsQuery,
  useGetPlanQuery,
  useGetTransactionsQuery,
  useUpdateSubscriptionMutation,
} = billingApi;
