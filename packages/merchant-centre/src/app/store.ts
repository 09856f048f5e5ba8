import { combineSlices, configureStore, createDynamicMiddleware } from '@reduxjs/toolkit';
import type { Middleware, WithSlice } from '@reduxjs/toolkit';
import { noticesMiddleware, noticesSlice } from '@cc/api';
import type { api, ApiExtra } from '@cc/api';
import { sessionSlice } from '../features/session/session-slice';

/**
 * The notice lists and the session from the start; the RTK Query slice joins when
 * the first screen that talks to the API loads (see attach-api.ts), so the landing
 * page does not download the API layer.
 */
export const rootReducer = combineSlices(noticesSlice, sessionSlice).withLazyLoadedSlices<WithSlice<typeof api>>();

const dynamicMiddlewares = new WeakMap<object, ReturnType<typeof createDynamicMiddleware>>();

/** The Redux store of the merchant centre. */
export function createAppStore(extra: ApiExtra) {
  const dynamic = createDynamicMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: extra } }).concat(noticesMiddleware, dynamic.middleware),
  });
  dynamicMiddlewares.set(store, dynamic);
  return store;
}

/** Adds a middleware to a store made by createAppStore. */
export function addStoreMiddleware(store: AppStore, middleware: Middleware) {
  const dynamic = dynamicMiddlewares.get(store);
  if (!dynamic) throw new Error('addStoreMiddleware: not a store of createAppStore');
  dynamic.addMiddleware(middleware);
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];
