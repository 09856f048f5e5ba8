import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Unauthorized } from '../core/errors';
import type { Caller } from '../core/deps';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    caller: Caller | null;
  }
}

/** Adds `app.authenticate`, a preHandler that requires a valid bearer access token. */
export function registerAuthenticate(app: FastifyInstance): void {
  app.decorateRequest('caller', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    request.caller = await app.auth.authenticate(request.headers.authorization, request.clientId);
  });
}

/** The caller of a route guarded by `app.authenticate`. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Unauthorized('Authentication credentials were not provided.');
  return request.caller;
}
