import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { COUPON_CENTER_HEADER, SITE_KEY_HEADER } from '@cc/config';
import { SESSION_AUDIENCE_HEADER, STAFF_AUDIENCE } from '@cc/contract';
import type { AuthTokens, DeclineBody, ReviewQueue, ReviewStatus, ReviewStore, SuccessBody } from '@cc/contract';
import { apiBaseUrl, LOGOUT_PATH } from '@cc/api/constants';
import { withReauth } from '@cc/api/reauth';
import { readSession, writeSession } from './session';

/** Staff accounts belong to the UK client (7), as `create-staff` makes them by default. */
const STAFF_CLIENT = 7;

/** Fired on window when the session ends without the staff member signing out. */
export const SIGNED_OUT_EVENT = 'cc-review-signed-out';

const rawBaseQuery = fetchBaseQuery({
  baseUrl: apiBaseUrl(),
  prepareHeaders: (headers) => {
    headers.set(SITE_KEY_HEADER, String(STAFF_CLIENT));
    headers.set(COUPON_CENTER_HEADER, '1');
    // The server names this console's refresh cookie apart from the UK brand's on the same host.
    headers.set(SESSION_AUDIENCE_HEADER, STAFF_AUDIENCE);
    const session = readSession();
    if (session) headers.set('authorization', `Bearer ${session.token}`);
    return headers;
  },
});

/**
 * Access tokens last 15 minutes: a 401 refreshes the token once through the staff
 * refresh cookie and retries the call; if that fails the staff session ends.
 */
const baseQuery = withReauth(rawBaseQuery, {
  hasSession: () => readSession() !== null,
  saveTokens: (tokens) => {
    const session = readSession();
    if (session) writeSession({ ...session, token: tokens.token });
  },
  signOut: (api) => {
    writeSession(null);
    api.dispatch(reviewApi.util.resetApiState());
    globalThis.dispatchEvent(new Event(SIGNED_OUT_EVENT));
  },
});

/** The staff console's RTK Query slice: /api/v1/review plus sign-in and sign-out. */
export const reviewApi = createApi({
  reducerPath: 'reviewApi',
  baseQuery,
  tagTypes: ['ReviewStore'],
  endpoints: (build) => ({
    signIn: build.mutation<AuthTokens, { email: string; password: string }>({
      query: (body) => ({ url: 'auth/email-login/', method: 'POST', body: { ...body, siteId: STAFF_CLIENT } }),
    }),
    /** Revokes the session of the staff refresh cookie on the server, which expires the cookie. */
    signOut: build.mutation<SuccessBody, void>({
      query: () => ({ url: LOGOUT_PATH, method: 'POST', credentials: 'same-origin' }),
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

export const { useSignInMutation, useSignOutMutation, useReviewQueueQuery, useApproveStoreMutation, useDeclineStoreMutation } =
  reviewApi;
