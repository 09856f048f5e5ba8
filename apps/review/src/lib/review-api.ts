import { api } from '@cc/api';
import type {
  AuthTokens,
  DeclineBody,
  ReviewQueue,
  ReviewStatus,
  ReviewStore,
  SecondFactorChallenge,
  StaffMe,
} from '@cc/contract';

/** A page of the queue: the status filter, a slug prefix to search for, and the page's cursor (none for the first page). */
export type ReviewQueueArgs = { status?: ReviewStatus; search?: string; cursor?: string };

/** The cursor of a page link the queue answered (next or previous). */
export function cursorOf(link: string | null): string | undefined {
  if (!link) return undefined;
  return new URL(link, 'http://localhost').searchParams.get('cursor') ?? undefined;
}

/** Staff accounts belong to the UK client (7), as `create-staff` makes them by default. */
export const STAFF_CLIENT = 7;

/**
 * The staff console's calls, injected into packages/api's one slice for /api/v1: the
 * review queue, approve, decline with a reason, and staff sign-in. The store runs the
 * slice on the staff session (see features/auth/staff-session.ts).
 */
export const reviewApi = api.enhanceEndpoints({ addTagTypes: ['ReviewStore'] }).injectEndpoints({
  endpoints: (build) => ({
    /** Staff always answer a second-factor challenge: a code, or (first sign-in) the enrolment of an app. */
    staffSignIn: build.mutation<
      AuthTokens | SecondFactorChallenge,
      { email: string; password: string }
    >({
      query: (body) => ({
        url: 'auth/email-login/',
        method: 'POST',
        body: { ...body, siteId: STAFF_CLIENT, accepts_second_factor: true },
      }),
    }),
    /** The signed-in member's role: the console shows admins the Audit and Staff screens. */
    staffMe: build.query<StaffMe, void>({ query: () => 'staff/me/' }),
    reviewQueue: build.query<ReviewQueue, ReviewQueueArgs>({
      query: ({ status, search, cursor }) => ({
        url: 'review/stores/',
        params: {
          ...(status ? { status } : {}),
          ...(search ? { search } : {}),
          ...(cursor ? { cursor } : {}),
        },
      }),
      providesTags: (result) => [
        { type: 'ReviewStore', id: 'LIST' },
        ...(result?.results ?? []).map((entry) => ({
          type: 'ReviewStore' as const,
          id: entry.store.id,
        })),
      ],
    }),
    /** One store as staff review it: details, coupons, history and its preview link. */
    reviewStore: build.query<ReviewStore, number>({
      query: (id) => `review/stores/${id}/`,
      providesTags: (_result, _error, id) => [{ type: 'ReviewStore', id }],
    }),
    approveStore: build.mutation<ReviewStore, number>({
      query: (id) => ({ url: `review/stores/${id}/approve/`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => [
        { type: 'ReviewStore', id },
        { type: 'ReviewStore', id: 'LIST' },
      ],
    }),
    declineStore: build.mutation<ReviewStore, { id: number } & DeclineBody>({
      query: ({ id, reason }) => ({
        url: `review/stores/${id}/decline/`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'ReviewStore', id },
        { type: 'ReviewStore', id: 'LIST' },
      ],
    }),
  }),
});

export const {
  useStaffSignInMutation,
  useStaffMeQuery,
  useReviewQueueQuery,
  useReviewStoreQuery,
  useApproveStoreMutation,
  useDeclineStoreMutation,
} = reviewApi;
