import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import insightsRoutes from './routes';
import { insightsService } from './service';

/** The merchant's Insights under /api/v1/insights. */
async function insights(app: FastifyInstance): Promise<void> {
  const service = insightsService({
    db: app.db,
    clock: app.clock,
    stores: app.stores,
    coupons: app.coupons,
    ownerRead: app.ownerReads.read,
  });
  await app.register(insightsRoutes, { prefix: '/api/v1/insights', service });
}

export default fp(insights, {
  name: 'insights',
  dependencies: ['auth', 'stores', 'coupons', 'public-pages'],
});
