import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isClientId, SITE_KEY_HEADER, type ClientId } from '@cc/config';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    clientId: ClientId;
  }
}

/**
 * Which client (7, 8, 10) a request is for: the x-site-key header, else the
 * brand port it arrived on, else 7.
 */
export function registerTenant(app: FastifyInstance, portClients: ReadonlyMap<number, ClientId>): void {
  app.decorateRequest('clientId', 7);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    request.clientId = resolveClient(request, portClients);
  });
}

export function resolveClient(request: FastifyRequest, portClients: ReadonlyMap<number, ClientId>): ClientId {
  const header = request.headers[SITE_KEY_HEADER];
  const value = Number(Array.isArray(header) ? header[0] : header);
  if (isClientId(value)) return value;
  const port = request.raw.socket?.localPort;
  return (port !== undefined && portClients.get(port)) || 7;
}
