import type { Middleware } from '@reduxjs/toolkit';
import { api } from '@cc/api';
import { addStoreMiddleware, rootReducer } from './store';
import type { AppStore } from './store';

const attached = new WeakSet<AppStore>();

/** Puts the RTK Query slice and its middleware into the store, once. */
export function attachApi(store: AppStore): void {
  if (attached.has(store)) return;
  attached.add(store);
  rootReducer.inject(api);
  // The API middleware is typed for a state that always has the API slice; here it is injected.
  addStoreMiddleware(store, api.middleware as Middleware);
  // An injected slice gets its initial state with the next action.
  store.dispatch({ type: 'app/apiAttached' });
}
