import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CouponStatsList } from '@cc/contract';
import { callerOf } from '../auth/authenticate';
import type { PublicPageService } from './service';
import { bearer, errorResponses } from '../core/route-schemas';

/** GET /api/v1/coupons/stats/: the owner's page views, code reveals and outbound clicks per coupon, last 30 days. */
const couponStatsRoutes: FastifyPluginAsyncTypebox<{ pages: PublicPageService }> = async (app, { pages }) => {
  app.addHook('onRequest', app.authenticate);
  app.get(
    '/',
    { schema: { tags: ['coupons'], security: bearer, response: { 200: CouponStatsList, ...errorResponses(401) } } },
    async (request) => pages.statsForOwner(callerOf(request).userId),
  );
};

export default couponStatsRoutes;
