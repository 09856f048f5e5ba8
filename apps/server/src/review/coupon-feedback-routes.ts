import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FailingCouponList } from '@cc/contract/coupon-feedback';
import { couponFeedbackReview } from './coupon-feedback-repository';
import { requireStaff } from './staff-guard';
import { bearer, errorResponses } from '../core/http/route-schemas';

/** Staff only: live coupons whose latest "Did this code work?" answers are mostly No. */
const couponFeedbackRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('preHandler', requireStaff(app));
  // Liveness as the public pages decide it (grace period included), read when asked.
  const review = couponFeedbackReview({
    db: app.db,
    clock: app.clock,
    isLiveNow: (head) => app.storePages.isLiveNow(head),
  });

  app.get(
    '/coupon-feedback/',
    {
      schema: {
        tags: ['review'],
        security: bearer,
        response: { 200: FailingCouponList, ...errorResponses(401, 403) },
      },
    },
    async () => {
      const results = await review.failing();
      return { count: results.length, results };
    },
  );
};

export default couponFeedbackRoutes;
