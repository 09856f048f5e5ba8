import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@cc/contract';

/** Routes (by their pattern) that the brand ports may be told not to serve. */
const CONSOLE = /^\/review(\/|$)/;
const API_DOCS = /^\/api\/v1\/(docs(\/|$)|openapi\.json$)/;

/**
 * SERVE_CONSOLE_ON_BRAND_PORTS=0 and SERVE_API_DOCS_ON_BRAND_PORTS=0: a brand port answers 404
 * for the staff console (/review) and the API docs (/api/v1/docs, /api/v1/openapi.json), as
 * for any unknown address, while the API port keeps serving them. Decided on the matched
 * route's pattern, so no spelling of the address gets round it.
 */
export function registerApiPortOnly(
  app: FastifyInstance,
  options: { brandPorts: readonly number[]; console: boolean; apiDocs: boolean },
): void {
  if (options.console && options.apiDocs) return;
  app.addHook('onRequest', async (request, reply) => {
    const port = request.raw.socket?.localPort;
    if (port === undefined || !options.brandPorts.includes(port)) return;
    const route = request.routeOptions.url ?? '';
    if ((!options.console && CONSOLE.test(route)) || (!options.apiDocs && API_DOCS.test(route))) {
      return reply.status(404).send({ message: MESSAGES.notFound, detail: MESSAGES.notFound });
    }
  });
}
