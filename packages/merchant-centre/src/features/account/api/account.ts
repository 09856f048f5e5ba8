import type {
  Account,
  AccountSession,
  ChangeEmailBody,
  ChangePasswordBody,
  EmailLinkBody,
  EmailLinkResponse,
  MessageResponse,
  Paginated,
  SignOutOthersResponse,
  VerificationMailResponse,
} from '@cc/contract';
import { api, LIST } from '@cc/api';

export const ACCOUNT_PATH = 'account/';
export const ACCOUNT_SESSIONS_PATH = 'account/sessions/';

/** The calls of the /account screen, the verification banner and the two email-link screens. */
export const accountApi = api
  .enhanceEndpoints({ addTagTypes: ['Account', 'AccountSession'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** GET /account/: the sign-in email, whether it is verified, a pending change, when a new verification mail can go. */
      getAccount: build.query<Account, void>({
        query: () => ACCOUNT_PATH,
        providesTags: ['Account'],
      }),
      /** POST /account/password/: every other device is signed out; this one stays. */
      changePassword: build.mutation<MessageResponse, ChangePasswordBody>({
        query: (body) => ({ url: `${ACCOUNT_PATH}password/`, method: 'POST', body }),
        invalidatesTags: [{ type: 'AccountSession', id: LIST }],
      }),
      /** POST /account/email/: a link goes to the new address; the account shows it as pending. */
      changeEmail: build.mutation<MessageResponse, ChangeEmailBody>({
        query: (body) => ({ url: `${ACCOUNT_PATH}email/`, method: 'POST', body }),
        invalidatesTags: ['Account'],
      }),
      /** POST /account/email/confirm/ {token}: the link mailed to the new address (no sign-in needed). */
      confirmEmailChange: build.mutation<EmailLinkResponse, EmailLinkBody>({
        query: (body) => ({ url: `${ACCOUNT_PATH}email/confirm/`, method: 'POST', body }),
        invalidatesTags: ['Account', 'Me'],
      }),
      /** POST /account/email/revert/ {token}: the link mailed to the old address; every device is signed out. */
      revertEmailChange: build.mutation<EmailLinkResponse, EmailLinkBody>({
        query: (body) => ({ url: `${ACCOUNT_PATH}email/revert/`, method: 'POST', body }),
      }),
      /** POST /account/verification-email/: 200, or 429 with the same body when the last one went too recently. */
      sendVerificationEmail: build.mutation<VerificationMailResponse, void>({
        query: () => ({ url: `${ACCOUNT_PATH}verification-email/`, method: 'POST' }),
      }),
      /** GET /account/sessions/: the signed-in devices, the current one marked. */
      getAccountSessions: build.query<AccountSession[], void>({
        query: () => ACCOUNT_SESSIONS_PATH,
        transformResponse: (response: AccountSession[] | Paginated<AccountSession>) =>
          Array.isArray(response) ? response : response.results,
        providesTags: (result) => [
          ...(result?.map((session) => ({ type: 'AccountSession' as const, id: session.id })) ??
            []),
          { type: 'AccountSession', id: LIST },
        ],
      }),
      /** DELETE /account/sessions/{id}/: that device is signed out at its next call. */
      endAccountSession: build.mutation<MessageResponse, string>({
        query: (id) => ({
          url: `${ACCOUNT_SESSIONS_PATH}${encodeURIComponent(id)}/`,
          method: 'DELETE',
        }),
        invalidatesTags: (_result, _error, id) => [
          { type: 'AccountSession', id },
          { type: 'AccountSession', id: LIST },
        ],
      }),
      /** POST /account/sessions/sign-out-others/: every device but this one. */
      signOutOtherSessions: build.mutation<SignOutOthersResponse, void>({
        query: () => ({ url: `${ACCOUNT_SESSIONS_PATH}sign-out-others/`, method: 'POST' }),
        invalidatesTags: [{ type: 'AccountSession', id: LIST }],
      }),
    }),
  });

export const {
  useGetAccountQuery,
  useChangePasswordMutation,
  useChangeEmailMutation,
  useConfirmEmailChangeMutation,
  useRevertEmailChangeMutation,
  useSendVerificationEmailMutation,
  useGetAccountSessionsQuery,
  useEndAccountSessionMutation,
  useSignOutOtherSessionsMutation,
} = accountApi;
