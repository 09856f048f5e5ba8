import { configureStore } from '@reduxjs/toolkit';
import type { Middleware } from '@reduxjs/toolkit';
import { api } from '../api';
import { noticesMiddleware, noticesSlice } from '../notices';

/** A store with just the API and the notice lists, for tests of this package. */
export function makeTestStore(clientId = 7, seen: string[] = []) {
  const record: Middleware<object, unknown> = () => (next) => (action) => {
    if (typeof action === 'object' && action !== null && 'type' in action)
      seen.push(String(action.type));
    return next(action);
  };
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer, [noticesSlice.reducerPath]: noticesSlice.reducer },
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: { clientId } } }).concat(
        api.middleware,
        noticesMiddleware,
        record,
      ),
  });
}

export type TestState = ReturnType<ReturnType<typeof makeTestStore>['getState']>;
