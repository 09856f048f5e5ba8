import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { COUPON_CENTER_HEADER, SITE_KEY_HEADER } from '@cc/config';
import { MESSAGES } from '@cc/contract';
import type { AuthTokens, DeclineBody, ReviewQueue, ReviewStatus, ReviewStore } from '@cc/contract';
import { readSession, writeSession } from './session';

/** Staff accounts belong to the UK client (7), as `create-staff` makes them by default. */
const STAFF_CLIENT = 7;

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/api/v1/',
  prepareHeaders: (headers) => {
    headers.set(SITE_KEY_HEADER, String(STAFF_CLIENT));
    headers.set(COUPON_CENTER_HEADER, '1');
    const session = readSession();
    if (session) headers.set('authorization', `Bearer ${session.token}`);
    return headers;
  },
});

/** A 401 ends the staff session (access tokens are short-lived; staff sign in again). */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extra) => {
  const result = await rawBaseQuery(args, api, extra);
  if (result.error?.status === 401 && readSession()) {
    writeSession(null);
    api.dispatch(reviewApi.util.resetApiState());
    globalThis.dispatchEvent(new Event('cc-review-signed-out'));
  }
  return result;
};

/** The staff console's RTK Query slice: /api/v1/review plus the sign-in call. */
export const reviewApi = createApi({
  reducerPath: 'reviewApi',
  baseQuery,
  tagTypes: ['ReviewStore'],
  endpoints: (build) => ({
    signIn: build.mutation<AuthTokens, { email: string; password: string }>({
      query: (body) => ({ url: 'auth/email-login/', method: 'POST', body: { ...body, siteId: STAFF_CLIENT } }),
    }),
    reviewQueue: build.query<ReviewQueue, ReviewStatus | undefined>({
      query: (status) => ({ url: 'review/stores/', params: status ? { status } : {} }),
      providesTags: (result) => [
        { type: 'ReviewStore', id: 'LIST' },
        ...(result?.results ?? []).map((entry) => ({ type: 'ReviewStore' as const, id: entry.store.id })),
      ],
    }),
    approveStore: build.mutation<ReviewStore, number>({
      query: (id) => ({ url: `review/stores/${id}/approve/`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => [{ type: 'ReviewStore', id }, { type: 'ReviewStore', id: 'LIST' }],
    }),
    declineStore: build.mutation<ReviewStore, { id: number } & DeclineBody>({
      query: ({ id, reason }) => ({ url: `review/stores/${id}/decline/`, method: 'POST', body: { reason } }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'ReviewStore', id }, { type: 'ReviewStore', id: 'LIST' }],
    }),
  }),
});

export const { useSignInMutation, useReviewQueueQuery, useApproveStoreMutation, useDeclineStoreMutation } = reviewApi;

/** The message to show for a failed call: the server's message, a field error, or the status text. */
export function errorMessage(error: unknown): string {
  if (typeof error !== 'object' || error === null || !('status' in error)) return MESSAGES.somethingWentWrong;
  const { status, data } = error as FetchBaseQueryError;
  if (status === 401) return MESSAGES.invalidCredentials;
  if (status === 403) return 'This account is not a staff account.';
  if (data && typeof data === 'object') {
    if ('message' in data && typeof data.message === 'string') return data.message;
    const first = Object.values(data as Record<string, unknown>)[0];
    if (Array.isArray(first) && typeof first[0] === 'string') return first[0];
  }
  return MESSAGES.somethingWentWrong;
}
