import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CLIENT_IDS, parseClientId, SITE_KEY_HEADER, type ClientId } from '@cc/config';
import { NotFound } from '../errors';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    clientId: ClientId;
  }
}

/**
 * Which client (7, 8, 10) a request is for: the x-site-key header, else the brand port it
 * arrived on, else the first brand the instance serves (7 when it serves them all).
 * `servedOnly` (production): a request naming a brand the instance does not serve is 404, so
 * no account, store or mail of a brand whose origin and sender it lacks is made through it.
 */
export function registerTenant(
  app: FastifyInstance,
  portClients: ReadonlyMap<number, ClientId>,
  options: { served?: readonly ClientId[]; servedOnly?: boolean } = {},
): void {
  const served = options.served?.length ? options.served : CLIENT_IDS;
  // The first brand the instance serves answers a request that names none (the first of all when it serves them all).
  const first = served[0] ?? CLIENT_IDS[0];
  app.decorateRequest('clientId', first);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const client = resolveClient(request, portClients, first);
    if (options.servedOnly && !served.includes(client)) throw new NotFound();
    request.clientId = client;
  });
}

export function resolveClient(
  request: FastifyRequest,
  portClients: ReadonlyMap<number, ClientId>,
  fallback: ClientId = CLIENT_IDS[0],
): ClientId {
  const header = request.headers[SITE_KEY_HEADER];
  const named = parseClientId(Array.isArray(header) ? header[0] : header);
  if (named !== undefined) return named;
  const port = request.raw.socket?.localPort;
  return (port !== undefined && portClients.get(port)) || fallback;
}
