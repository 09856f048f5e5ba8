import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ClientId } from '@cc/config';
import { storeLogos } from './logo-holder';
import { storeService, type StoreService } from './service';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    /** The merchant's store: its rules and the reads other features make of stores (stores/service.ts). */
    stores: StoreService;
  }
}

export type StoresOptions = { brandOrigins: Record<ClientId, string> };

/** The merchant's store as a service; its routes (/api/v1/stores) are the account's (account/index.ts), as they show billing. */
async function storesPlugin(app: FastifyInstance, options: StoresOptions): Promise<void> {
  const stores = storeService({
    db: app.db,
    clock: app.clock,
    brandOrigins: options.brandOrigins,
    uploads: app.uploads,
    heldStoreOf: async (userId) => (await app.auth.signedInUser(userId))?.store,
  });
  app.decorate('stores', stores);
  // The upload a store's logo points at stays through the sweep.
  app.uploads.addHolder(storeLogos);
  // An owner's store waits outside the review queue until they verify their email.
  app.auth.onEmailVerified((userId, at, tx) => stores.enterReview(userId, at, tx));
}

export default fp(storesPlugin, { name: 'stores', dependencies: ['auth', 'uploads'] });
