import type { DeleteAccountBody } from '@cc/contract';
import { api } from '@cc/api';
import { downloadFile } from '../../../lib/api/billing';
import type { DownloadedFile } from '../../../lib/api/billing';

export const ACCOUNT_EXPORT_PATH = 'account/export/';
export const ACCOUNT_DELETE_PATH = 'account/delete/';

/** What POST /account/delete/ answers. */
export type AccountDeleted = { message: string };

/** The merchant's own data: the ZIP of everything the account holds, and the account's deletion. */
export const accountDataApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /account/export/: a ZIP of the account, its store, coupons, counts, orders and
     * invoices, fetched anew on each call; answers the file's name and an object URL of it.
     */
    exportAccountData: build.mutation<DownloadedFile, void>({
      queryFn: (_arg, _api, _extra, baseQuery) =>
        downloadFile(baseQuery, {
          url: ACCOUNT_EXPORT_PATH,
          as: 'object-url',
          fallbackName: 'account.zip',
        }),
    }),
    /** POST /account/delete/ with the password and the typed word; a 400 names the field that is wrong. */
    deleteAccount: build.mutation<AccountDeleted, DeleteAccountBody>({
      query: (body) => ({ url: ACCOUNT_DELETE_PATH, method: 'POST', body }),
    }),
  }),
});

export const { useExportAccountDataMutation, useDeleteAccountMutation } = accountDataApi;
