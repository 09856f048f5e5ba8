import type { FastifyInstance } from 'fastify';
import insightsRoutes from './routes';
import { insightsService } from './service';

/** The merchant's Insights: registered with the prefix /api/v1/insights (app.ts). */
export default async function insights(app: FastifyInstance): Promise<void> {
  const service = insightsService({ db: app.db, repos: app.repos, clock: app.clock });
  await app.register(insightsRoutes, { service });
}
