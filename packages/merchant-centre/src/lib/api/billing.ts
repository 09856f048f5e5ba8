import type {
  BillingDetails,
  BillingDetailsBody,
  CardUpdateResponse,
  Paginated,
  PaymentMethod,
  Plan,
  SubscriptionResponse,
  Transaction,
  UpdateSubscriptionBody,
} from '@cc/contract';
import type { FetchArgs, FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { api, LIST } from '@cc/api';
import type { FetchQuery } from '@cc/api/reauth';

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

/** A file the server made: the name it gives it (Content-Disposition) and its text or object URL. */
export type DownloadedFile = { filename: string; content: string };

/** The Order History download: the file's name and its text. */
export type OrdersCsvFile = DownloadedFile;

export const ORDERS_CSV_PATH = 'billing/orders.csv';

/** The quoted filename of a Content-Disposition header, if it has one. */
export function attachmentName(header: string | null | undefined): string | null {
  return /filename="([^"]+)"/.exec(header ?? '')?.[1] ?? null;
}

type DownloadResult = { data: DownloadedFile } | { error: FetchBaseQueryError };

/**
 * A download on the merchant's session (the bearer token, so a plain link cannot do it),
 * under the name the server gives it (else `fallbackName`). `as: 'text'` answers the body's
 * text; `as: 'object-url'` an object URL of the body (a binary file: the store keeps a
 * string, never the Blob; whoever saves the file revokes it). A failed call's body is read
 * as JSON when it is JSON, so its message reaches the error catalogue as any other call's.
 * Every file download goes through here.
 */
export async function downloadFile(
  baseQuery: (arg: FetchArgs) => ReturnType<FetchQuery>,
  options: { url: string; as: 'text' | 'object-url'; fallbackName: string },
): Promise<DownloadResult> {
  const result = await baseQuery({
    url: options.url,
    responseHandler: async (response): Promise<unknown> => {
      if (!response.ok && response.headers.get('content-type')?.includes('json'))
        return (await response.json()) as unknown;
      if (!response.ok || options.as === 'text') return response.text();
      return URL.createObjectURL(await response.blob());
    },
  });
  if (result.error) return { error: result.error };
  const meta = result.meta as FetchBaseQueryMeta | undefined;
  const filename =
    attachmentName(meta?.response?.headers.get('content-disposition')) ?? options.fallbackName;
  return { data: { filename, content: String(result.data) } };
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
    /** GET /billing/orders.csv: every order of the merchant's store as a CSV file; fetched anew on each call. */
    downloadOrdersCsv: build.mutation<OrdersCsvFile, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const result = await downloadFile(baseQuery, {
          url: ORDERS_CSV_PATH,
          as: 'text',
          fallbackName: 'orders.csv',
        });
        if ('error' in result) return result;
        // Reading as text drops the byte order mark; the saved file adds it back.
        return { data: { ...result.data, content: result.data.content.replace(/^\uFEFF/, '') } };
      },
    }),
    /** GET /billing-details/: the billing name, address and (UK) VAT number that receipts print. */
    getBillingDetails: build.query<BillingDetails, void>({
      query: () => 'billing-details/',
    }),
    /** PUT /billing-details/; the answer becomes the cached details (no second GET). */
    saveBillingDetails: build.mutation<BillingDetails, BillingDetailsBody>({
      query: (body) => ({ url: 'billing-details/', method: 'PUT', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(billingApi.util.upsertQueryData('getBillingDetails', undefined, data));
        } catch {
          // A failed save changes nothing; the form shows its errors.
        }
      },
    }),
    /** POST /stripe-update-subscription/ with status; answers the updated subscription. */
    updateSubscription: build.mutation<SubscriptionResponse, UpdateSubscriptionBody>({
      query: (body) => ({ url: 'stripe-update-subscription/', method: 'POST', body }),
      invalidatesTags: ['Me', 'Subscription', { type: 'Transaction', id: LIST }],
    }),
    /** POST /billing/card-update/: where the browser goes to give a new card (it comes back to /payment). */
    startCardUpdate: build.mutation<CardUpdateResponse, void>({
      query: () => ({ url: 'billing/card-update/', method: 'POST' }),
    }),
  }),
});

export const {
  useDownloadOrdersCsvMutation,
  useGetBillingDetailsQuery,
  useSaveBillingDetailsMutation,
  useGetPaymentMethodsQuery,
  useGetPlanQuery,
  useGetTransactionsQuery,
  useStartCardUpdateMutation,
  useUpdateSubscriptionMutation,
} = billingApi;
