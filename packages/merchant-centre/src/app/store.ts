import { configureStore } from '@reduxjs/toolkit';
import { api, noticesMiddleware, noticesSlice } from '@cc/api';
import type { ApiExtra } from '@cc/api';
import { sessionSlice } from '../features/session/session-slice';

/** The Redux store of the merchant centre: the API cache, the notice lists and the session. */
export function createAppStore(extra: ApiExtra) {
  return configureStore({
    reducer: {
      [api.reducerPath]: api.reducer,
      [noticesSlice.reducerPath]: noticesSlice.reducer,
      [sessionSlice.reducerPath]: sessionSlice.reducer,
    },
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: extra } }).concat(api.middleware, noticesMiddleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
