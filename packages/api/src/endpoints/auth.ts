import {
  FORGOT_PASSWORD_SITE_ID,
  LOGIN_SITE_ID,
  REGISTER_PLACEHOLDER_NAME,
  REGISTER_USER_TYPE,
} from '@cc/config';
import type {
  AuthTokens,
  SecondFactorChallenge,
  SuccessBody,
  User,
  VerifyEmailResponse,
} from '@cc/contract';
import { api } from '../api';
import { LOGOUT_PATH } from '../constants';

export type Credentials = { email: string; password: string };

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /auth/email-login/ with siteId 8 (LOGIN_SITE_ID). The app can answer a second-factor
     * challenge, so an account with two-step sign-in gets one in place of tokens.
     */
    login: build.mutation<AuthTokens | SecondFactorChallenge, Credentials>({
      query: ({ email, password }) => ({
        url: 'auth/email-login/',
        method: 'POST',
        body: { email, password, siteId: LOGIN_SITE_ID, accepts_second_factor: true },
      }),
    }),
    /** POST /auth/email-register/: user type 2, the brand's site id, first/last 'N/A'. */
    register: build.mutation<AuthTokens | null, Credentials & { siteId: number }>({
      query: ({ email, password, siteId }) => ({
        url: 'auth/email-register/',
        method: 'POST',
        body: {
          email,
          password,
          siteId,
          type: REGISTER_USER_TYPE,
          first_name: REGISTER_PLACEHOLDER_NAME,
          last_name: REGISTER_PLACEHOLDER_NAME,
        },
      }),
    }),
    verifyEmail: build.mutation<VerifyEmailResponse, { token: string }>({
      query: (body) => ({ url: 'auth/verify-email/', method: 'POST', body }),
      invalidatesTags: ['Me'],
    }),
    setNewPassword: build.mutation<unknown, { password: string; token: string }>({
      query: (body) => ({ url: 'auth/set-new-password/', method: 'POST', body }),
    }),
    /** POST /auth/password-reset with siteId 2 (FORGOT_PASSWORD_SITE_ID); 404 = unknown user. */
    passwordReset: build.mutation<unknown, { email: string }>({
      query: ({ email }) => ({
        url: 'auth/password-reset',
        method: 'POST',
        body: { email, siteId: FORGOT_PASSWORD_SITE_ID },
      }),
    }),
    /** POST /auth/logout/ with the refresh cookie: the server revokes its session and expires the cookie. */
    logout: build.mutation<SuccessBody, void>({
      query: () => ({ url: LOGOUT_PATH, method: 'POST', credentials: 'same-origin' }),
    }),
    me: build.query<User, void>({
      query: () => 'auth/me/',
      providesTags: ['Me'],
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useVerifyEmailMutation,
  useSetNewPasswordMutation,
  usePasswordResetMutation,
  useLogoutMutation,
  useMeQuery,
  useLazyMeQuery,
} = authApi;
