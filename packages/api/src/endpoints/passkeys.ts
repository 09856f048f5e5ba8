import type {
  AuthTokens,
  Passkey,
  PasskeyList,
  PasskeyLoginBody,
  PasskeyOptions,
  PasskeyRegisterBody,
  PasskeyRegisterOptionsBody,
  PasskeySecondStepBody,
  PasskeySecondStepOptionsBody,
} from '@cc/contract';
import { api } from '../api';

export const PASSKEYS_PATH = 'account/passkeys/';

/**
 * Passkeys: the account's own list (add, rename, remove) and the two sign-ins with one,
 * without a password and in place of the second step's code. The browser's part is in
 * `@cc/api/passkeys` (passkey-ceremony.ts).
 */
export const passkeysApi = api
  .enhanceEndpoints({ addTagTypes: ['Passkeys', 'AccountActivity'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getPasskeys: build.query<Passkey[], void>({
        query: () => PASSKEYS_PATH,
        transformResponse: (list: PasskeyList) => list.results,
        providesTags: ['Passkeys'],
      }),
      /** The options for the browser's new passkey, after the password is checked again. */
      passkeyRegistrationOptions: build.mutation<PasskeyOptions, PasskeyRegisterOptionsBody>({
        query: (body) => ({ url: `${PASSKEYS_PATH}options/`, method: 'POST', body }),
      }),
      addPasskey: build.mutation<Passkey, PasskeyRegisterBody>({
        query: (body) => ({ url: PASSKEYS_PATH, method: 'POST', body }),
        invalidatesTags: ['Passkeys', 'AccountActivity'],
      }),
      renamePasskey: build.mutation<Passkey, { id: number; name: string }>({
        query: ({ id, name }) => ({
          url: `${PASSKEYS_PATH}${id}/`,
          method: 'PATCH',
          body: { name },
        }),
        invalidatesTags: ['Passkeys', 'AccountActivity'],
      }),
      removePasskey: build.mutation<void, number>({
        query: (id) => ({ url: `${PASSKEYS_PATH}${id}/`, method: 'DELETE' }),
        invalidatesTags: ['Passkeys', 'AccountActivity'],
      }),
      /** Options for a sign-in without a password (any passkey of this site). */
      passkeyLoginOptions: build.mutation<PasskeyOptions, void>({
        query: () => ({ url: 'auth/passkey-login/options/', method: 'POST' }),
      }),
      /** The browser's answer: the session's tokens (refresh in its cookie). */
      passkeyLogin: build.mutation<AuthTokens, PasskeyLoginBody>({
        query: (body) => ({ url: 'auth/passkey-login/', method: 'POST', body }),
      }),
      /** Options for the second step: the account's own passkeys, for the sign-in's challenge. */
      passkeySecondStepOptions: build.mutation<PasskeyOptions, PasskeySecondStepOptionsBody>({
        query: (body) => ({ url: 'auth/second-factor/passkey-options/', method: 'POST', body }),
      }),
      passkeySecondStep: build.mutation<AuthTokens, PasskeySecondStepBody>({
        query: (body) => ({ url: 'auth/second-factor/passkey/', method: 'POST', body }),
      }),
    }),
  });

export const {
  useGetPasskeysQuery,
  usePasskeyRegistrationOptionsMutation,
  useAddPasskeyMutation,
  useRenamePasskeyMutation,
  useRemovePasskeyMutation,
  usePasskeyLoginOptionsMutation,
  usePasskeyLoginMutation,
  usePasskeySecondStepOptionsMutation,
  usePasskeySecondStepMutation,
} = passkeysApi;
