import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a caller's (or a proxy's) request id may look like to be kept: a short token, nothing a log could misread. */
const SAFE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Each request's id (Fastify's genReqId; every log line of the request carries it as
 * `reqId`): the incoming X-Request-Id when it is a short safe token, so a proxy's id
 * follows the request through, else a new UUID.
 */
export function requestId(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
}

/** Every answer names its request id in X-Request-Id, errors and 404s too. */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
