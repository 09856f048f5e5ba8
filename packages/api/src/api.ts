import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQueryWithReauth } from './base-query';

export const TAG_TYPES = [
  'Me',
  'Store',
  'Coupon',
  'Plan',
  'Transaction',
  'PaymentMethod',
  'Subscription',
] as const;
export type TagType = (typeof TAG_TYPES)[number];
export const LIST = 'LIST' as const;

/** The one RTK Query API for /api/v1; each resource injects its endpoints. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});
