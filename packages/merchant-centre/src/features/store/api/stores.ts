import type { Store, StoreCreateBody, StoreUpdateBody } from '@cc/contract';
import { api, LIST } from '@cc/api';

export const storesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStore: build.query<Store, number>({
      query: (id) => `stores/${id}/`,
      providesTags: (_result, _error, id) => [{ type: 'Store', id }],
    }),
    createStore: build.mutation<Store, StoreCreateBody>({
      query: (body) => ({ url: 'stores/', method: 'POST', body }),
      invalidatesTags: ['Me', { type: 'Store', id: LIST }],
    }),
    /** PUT /stores/{slug}?id&client with the contact and logo fields. */
    updateStore: build.mutation<
      Store,
      { slug: string; id: number; client: number; body: StoreUpdateBody }
    >({
      query: ({ slug, id, client, body }) => ({
        url: `stores/${encodeURIComponent(slug)}`,
        method: 'PUT',
        params: { id, client },
        body,
      }),
      invalidatesTags: (_result, _error, { id }) => ['Me', { type: 'Store', id }],
    }),
  }),
});

export const { useGetStoreQuery, useCreateStoreMutation, useUpdateStoreMutation } = storesApi;
