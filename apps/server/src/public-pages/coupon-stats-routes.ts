import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CouponStatsList } from '@cc/contract';
import { callerOf } from '../core/http/caller';
import type { CouponService } from '../coupons/service';
import type { StoreService } from '../stores/service';
import type { PublicPageService } from './service';
import { bearer, errorResponses } from '../core/http/route-schemas';

/** GET /api/v1/coupons/stats/: the owner's page views, code reveals and outbound clicks per coupon, last 30 days. */
const couponStatsRoutes: FastifyPluginAsyncTypebox<{
  pages: PublicPageService;
  coupons: Pick<CouponService, 'ownCoupons'>;
  stores: Pick<StoreService, 'findByOwner'>;
}> = async (app, { pages, coupons, stores }) => {
  app.addHook('onRequest', app.authenticate);
  app.get(
    '/',
    {
      schema: {
        tags: ['coupons'],
        security: bearer,
        response: { 200: CouponStatsList, ...errorResponses(401) },
      },
    },
    // The owner's coupons as their coupon list holds them (none without a store); the answer
    // held per store and day until its coupons or counts change.
    async (request) => {
      const caller = callerOf(request);
      const store = await stores.findByOwner(caller.userId);
      if (!store) return pages.statsOf([]);
      return app.ownerReads.read(store.id, `coupon_stats:${pages.statsDay()}`, async () =>
        pages.statsOf(await coupons.ownCoupons(caller)),
      );
    },
  );
};

export default couponStatsRoutes;
