import type { FastifyRequest } from 'fastify';
import { NotFound } from '../core/http/errors';
import { callerOf } from '../core/http/caller';
import type { AuthService } from '../auth/service';
import type { StoreRow } from '../stores/types';
import type { Caller } from '../core/data/deps';

/** Who is calling: a signed-in user, and whether staff (who may act on any merchant). */
export type Actor = { caller: Caller; staff: boolean };

/** The actor of a request that passed app.authenticate. */
export async function actorOf(
  auth: Pick<AuthService, 'userById'>,
  request: FastifyRequest,
): Promise<Actor> {
  const caller = callerOf(request);
  const user = await auth.userById(caller.userId);
  return { caller, staff: user?.role === 'staff' };
}

/** The store if the actor may touch it (their own, or any for staff); another merchant's is 404. */
export function mayTouch(actor: Actor, store: StoreRow | undefined | null): StoreRow {
  if (!store || (!actor.staff && store.userId !== actor.caller.userId)) throw new NotFound();
  return store;
}

/**
 * The store's owner as a caller: staff act through the owner's rules (/api/v1's validation and
 * messages), from the staff member's own session.
 */
export function ownerOf(store: StoreRow, via: Caller): Caller {
  return { userId: store.userId, client: store.client, sessionId: via.sessionId };
}
