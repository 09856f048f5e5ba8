import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ClientId } from '@cc/config';
import { accountService } from './accounts';
import { catalogueService } from './catalogue';
import { catalogueCache } from './catalogue-cache';
import { paymentService } from './payments';
import { queueService } from './queue';
import { legacyRepository } from './repository';
import accountRoutes from './routes/accounts';
import couponRoutes from './routes/coupon';
import merchantRoutes from './routes/merchant';
import paymentRoutes from './routes/payment';
import queueRoutes from './routes/queue';
import type { LegacyServices } from './services';

export type LegacyOptions = {
  brandOrigins: Record<ClientId, string>;
  /** Bytes the catalogue snapshots may hold (a snapshot larger than this is not kept). */
  catalogueBudget: number;
};

/**
 * The legacy calls of SPEC section 7 as one catalogue API over the same data as
 * /api/v1 (tag `legacy` in the OpenAPI document): public merchant and coupon reads
 * for the coupon sites, the review queue for staff, the merchant's payments, and
 * advertisers and contacts for owners and staff.
 */
async function legacyPlugin(app: FastifyInstance, options: LegacyOptions): Promise<void> {
  const repo = legacyRepository(app.db);
  const cache = catalogueCache(options.catalogueBudget);
  // Kept only while this instance hears every store change; emptied by each (see catalogue-cache.ts).
  app.storeChanges.add(cache);
  app.caches.add('legacy_catalogue', cache.stats);
  const catalogue = catalogueService({
    repo,
    cache,
    clock: app.clock,
    brandOrigins: options.brandOrigins,
    isLiveNow: (head) => app.storePages.isLiveNow(head),
  });
  const legacy: LegacyServices = {
    catalogue,
    accounts: accountService({ users: app.auth, repo, stores: app.stores, catalogue }),
    queue: queueService({ review: app.review, stores: app.stores, repo }),
    payments: paymentService({
      billing: app.billing,
      stores: app.stores,
      brandOrigins: options.brandOrigins,
    }),
  };
  await app.register(merchantRoutes, { prefix: '/api/Merchant', legacy });
  await app.register(couponRoutes, { prefix: '/api/Coupon', legacy });
  await app.register(queueRoutes, { prefix: '/api', legacy });
  await app.register(paymentRoutes, { prefix: '/api/Payment', legacy });
  await app.register(accountRoutes, { prefix: '/api', legacy });
}

export default fp(legacyPlugin, {
  name: 'legacy',
  dependencies: ['auth', 'stores', 'billing', 'review', 'public-pages'],
});
