import { configureStore, createDynamicMiddleware } from '@reduxjs/toolkit';
import type { Middleware } from '@reduxjs/toolkit';
import { noticesMiddleware } from '@cc/api';
import type { ApiExtra } from '@cc/api';
import { rootReducer } from '../lib/root-reducer';

export { rootReducer } from '../lib/root-reducer';
export type { RootState } from '../lib/root-reducer';

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
export type AppDispatch = AppStore['dispatch'];
