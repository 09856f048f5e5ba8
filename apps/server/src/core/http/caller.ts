import type { FastifyRequest } from 'fastify';
import type { Caller } from '../data/deps';
import { Unauthorized } from './errors';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    /** Who signed the request's bearer token, once `app.authenticate` (auth) has run; else null. */
    caller: Caller | null;
  }
}

/** The caller of a route guarded by `app.authenticate`. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Unauthorized('Authentication credentials were not provided.');
  return request.caller;
}
