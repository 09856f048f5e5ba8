import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { User } from '@cc/contract';
import { bearer, errorResponses } from '../core/http/route-schemas';
import { callerOf } from '../core/http/caller';
import type { UserService } from './me';

/** GET /api/v1/auth/me/: the signed-in user with their store and billing. */
const meRoutes: FastifyPluginAsyncTypebox<{ users: UserService }> = async (app, { users }) => {
  app.get(
    '/me/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        security: bearer,
        response: { 200: User, ...errorResponses(401, 404) },
      },
    },
    async (request) => users.me(callerOf(request)),
  );
};

export default meRoutes;
