import type { MailPreferences, MailPreferencesBody } from '@cc/contract';
import { api } from '@cc/api';

export const MAIL_PREFERENCES_PATH = 'mail-preferences/';

/** The owner's optional emails: expiring coupons, expired coupons and the weekly summary. */
export const mailPreferencesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /mail-preferences/: which optional emails the store's owner gets. */
    getMailPreferences: build.query<MailPreferences, void>({
      query: () => MAIL_PREFERENCES_PATH,
    }),
    /**
     * PUT /mail-preferences/ with the kinds changed. Optimistic: the boxes show the
     * change at once, the answer becomes the cached preferences, a failure puts them back.
     */
    saveMailPreferences: build.mutation<MailPreferences, MailPreferencesBody>({
      query: (body) => ({ url: MAIL_PREFERENCES_PATH, method: 'PUT', body }),
      async onQueryStarted(body, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          mailPreferencesApi.util.updateQueryData('getMailPreferences', undefined, (draft) => {
            Object.assign(draft, body);
          }),
        );
        try {
          const { data } = await queryFulfilled;
          void dispatch(
            mailPreferencesApi.util.upsertQueryData('getMailPreferences', undefined, data),
          );
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});

export const { useGetMailPreferencesQuery, useSaveMailPreferencesMutation } = mailPreferencesApi;
