import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Adds `app.authenticate`, a preHandler that requires a valid bearer access token. */
export function registerAuthenticate(app: FastifyInstance): void {
  app.decorateRequest('caller', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    request.caller = await app.auth.authenticate(request.headers.authorization, request.clientId);
  });
}
