import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ClientId } from '@cc/config';
import storeRoutes from './routes';
import { storeService, type StoreService } from './service';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    /** The merchant's store: its rules and the reads other features make of stores (stores/service.ts). */
    stores: StoreService;
  }
}

export type StoresOptions = { brandOrigins: Record<ClientId, string> };

/** The merchant's store as a service; its routes come with `storeRoutesPlugin`, once billing is there. */
async function storesPlugin(app: FastifyInstance, options: StoresOptions): Promise<void> {
  const stores = storeService({
    db: app.db,
    clock: app.clock,
    brandOrigins: options.brandOrigins,
    uploads: app.uploads,
    heldStoreOf: async (userId) => (await app.auth.signedInUser(userId))?.store,
  });
  app.decorate('stores', stores);
  // An owner's store waits outside the review queue until they verify their email.
  app.auth.onEmailVerified((userId, at, tx) => stores.enterReview(userId, at, tx));
}

export default fp(storesPlugin, { name: 'stores', dependencies: ['auth', 'uploads'] });

/**
 * /api/v1/stores (create, read, edit; a change sends it back to review). Each answer shows
 * the store's subscription, so these routes come after billing, which depends on stores.
 */
async function storeRoutesPlugin(app: FastifyInstance): Promise<void> {
  await app.register(storeRoutes, { prefix: '/api/v1/stores' });
}

export const storesRoutes = fp(storeRoutesPlugin, { name: 'store-routes', dependencies: ['auth', 'stores', 'billing'] });
