import { configureStore } from '@reduxjs/toolkit';
import { api } from '@cc/api';
import type { ApiExtra } from '@cc/api';
import { staffSession } from '../features/auth/staff-session';
import { STAFF_CLIENT } from '../lib/review-api';

/** The console's store: packages/api's slice, run on the staff session for the staff client. */
export function createReviewStore() {
  const extra: ApiExtra = { clientId: STAFF_CLIENT, session: staffSession };
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: extra } }).concat(api.middleware),
  });
}
