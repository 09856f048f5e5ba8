import type { AppStore } from './store';

/** Loads the API layer (its own chunk) and attaches it to the store. */
export async function loadApi(store: AppStore): Promise<void> {
  const { attachApi } = await import('./attach-api');
  attachApi(store);
}
