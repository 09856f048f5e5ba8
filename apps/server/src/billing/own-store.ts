import { NotFound } from '../errors';
import type { Repositories } from '../repositories';
import type { Caller } from '../services/deps';

/** The caller's own store; 404 when they have none. */
export async function ownStore(repos: Repositories, caller: Caller) {
  const store = await repos.stores.findByOwner(caller.userId);
  if (!store) throw new NotFound();
  return store;
}
