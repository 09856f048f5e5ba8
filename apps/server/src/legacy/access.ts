import type { FastifyRequest } from 'fastify';
import { isClientId } from '@cc/config';
import { NotFound } from '../errors';
import { callerOf } from '../plugins/authenticate';
import type { Repositories } from '../repositories';
import type { StoreRow } from '../repositories/stores';
import type { Caller } from '../services/deps';

/** Who is calling: a signed-in user, and whether staff (who may act on any merchant). */
export type Actor = { caller: Caller; staff: boolean };

/** The actor of a request that passed app.authenticate. */
export async function actorOf(repos: Repositories, request: FastifyRequest): Promise<Actor> {
  const caller = callerOf(request);
  const user = await repos.users.findById(caller.userId);
  return { caller, staff: user?.role === 'staff' };
}

/** The store if the actor may touch it (their own, or any for staff); another merchant's is 404. */
export function mayTouch(actor: Actor, store: StoreRow | undefined | null): StoreRow {
  if (!store || (!actor.staff && store.userId !== actor.caller.userId)) throw new NotFound();
  return store;
}

/** The store's owner as a caller: staff act through the owner's rules (/api/v1's validation and messages). */
export function ownerOf(store: StoreRow): Caller {
  return { userId: store.userId, client: isClientId(store.client) ? store.client : 7 };
}
