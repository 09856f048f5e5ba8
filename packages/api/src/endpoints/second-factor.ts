import type {
  ConfirmTotpBody,
  MessageResponse,
  RecoveryCodes,
  SecondFactorBody,
  SecondFactorProofBody,
  SecondFactorSignIn,
  SecondFactorStatus,
  TotpSetup,
} from '@cc/contract';
import { api } from '../api';

export const SECOND_FACTOR_PATH = 'account/second-factor/';

/**
 * Two-step sign-in: the code step after a sign-in's challenge (merchant centre and staff
 * console), and the account screen's "Two-step sign-in" section.
 */
export const secondFactorApi = api
  .enhanceEndpoints({ addTagTypes: ['SecondFactor', 'AccountActivity'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** POST /auth/second-factor/: the challenge and a code or a recovery code; the tokens (refresh in its cookie). */
      secondFactorSignIn: build.mutation<SecondFactorSignIn, SecondFactorBody>({
        query: (body) => ({ url: 'auth/second-factor/', method: 'POST', body }),
      }),
      getSecondFactor: build.query<SecondFactorStatus, void>({
        query: () => SECOND_FACTOR_PATH,
        providesTags: ['SecondFactor'],
      }),
      /** A new app secret: its QR code, URI and text; nothing changes until a code confirms it. */
      startTotpSetup: build.mutation<TotpSetup, void>({
        query: () => ({ url: `${SECOND_FACTOR_PATH}setup/`, method: 'POST' }),
      }),
      /** The first code turns it on; the recovery codes come back this once. */
      confirmTotp: build.mutation<RecoveryCodes, ConfirmTotpBody>({
        query: (body) => ({ url: `${SECOND_FACTOR_PATH}confirm/`, method: 'POST', body }),
        invalidatesTags: ['SecondFactor', 'AccountActivity'],
      }),
      regenerateRecoveryCodes: build.mutation<RecoveryCodes, SecondFactorProofBody>({
        query: (body) => ({ url: `${SECOND_FACTOR_PATH}recovery-codes/`, method: 'POST', body }),
        invalidatesTags: ['SecondFactor', 'AccountActivity'],
      }),
      disableSecondFactor: build.mutation<MessageResponse, SecondFactorProofBody>({
        query: (body) => ({ url: `${SECOND_FACTOR_PATH}disable/`, method: 'POST', body }),
        invalidatesTags: ['SecondFactor', 'AccountActivity'],
      }),
    }),
  });

export const {
  useSecondFactorSignInMutation,
  useGetSecondFactorQuery,
  useStartTotpSetupMutation,
  useConfirmTotpMutation,
  useRegenerateRecoveryCodesMutation,
  useDisableSecondFactorMutation,
} = secondFactorApi;
