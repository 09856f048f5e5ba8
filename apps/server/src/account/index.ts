import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { userService } from './me';
import meRoutes from './me-routes';
import storeRoutes from './store-routes';

/**
 * The account as the merchant sees it, what auth, stores and billing answer together:
 * GET /api/v1/auth/me/ (the user with their store and its subscription) and /api/v1/stores
 * (create, read, edit; each answer shows the store's subscription). Above the three it reads.
 */
async function accountPlugin(app: FastifyInstance): Promise<void> {
  const users = userService({ auth: app.auth, billing: app.billing }, app.stores);
  await app.register(meRoutes, { prefix: '/api/v1/auth', users });
  await app.register(storeRoutes, { prefix: '/api/v1/stores' });
}

export default fp(accountPlugin, { name: 'account', dependencies: ['auth', 'stores', 'billing'] });
