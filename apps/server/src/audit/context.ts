import type { ClientId } from '@cc/config';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/** Where a request came from: its address (request.ip, which honours TRUST_PROXY_HOPS) and brand. */
export type RequestOrigin = { ip: string; client: ClientId | null };

const origins = new AsyncLocalStorage<RequestOrigin>();

/** The origin of the request whose work is running, or none (a job, a command-line tool). */
export const currentOrigin = (): RequestOrigin | undefined => origins.getStore();

/**
 * Runs every handler inside its request's origin, so a service recording an audit entry in
 * its own transaction knows the address without passing it down. preHandler is the last
 * hook before the handler, after the body is read; `done` runs the handler synchronously.
 */
export function registerRequestOrigin(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    origins.run({ ip: request.ip, client: request.clientId }, done);
  });
}
