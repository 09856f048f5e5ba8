import type { AccountActivityEntry } from '@cc/contract';
import { api } from '@cc/api';

export const ACCOUNT_ACTIVITY_PATH = 'account/activity/';

/** The merchant's own "Recent activity" on /account (the audit trail's entries of their account). */
export const auditApi = api.enhanceEndpoints({ addTagTypes: ['AccountActivity'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /account/activity/: the account's latest entries, newest first (at most 50). */
    getAccountActivity: build.query<AccountActivityEntry[], void>({
      query: () => ACCOUNT_ACTIVITY_PATH,
      providesTags: ['AccountActivity'],
    }),
  }),
});

export const { useGetAccountActivityQuery } = auditApi;
