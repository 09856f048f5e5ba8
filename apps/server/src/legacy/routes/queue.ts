import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  LegacyAdvertiserIdQuery,
  LegacyCouponIdQuery,
  LegacyCouponQueueItem,
  LegacyMerchantQueueItem,
  LegacyMerchantQueuePage,
  LegacyQueueQuery,
} from '@cc/contract';
import { requireStaff } from '../../review/staff-guard';
import { errorResponses } from '../../core/http/route-schemas';
import type { LegacyServices } from '../services';
import { signedInDoc, STAFF } from './docs';

/** /api/MerchantQueue and /api/CouponQueue: the store review queue, staff only. */
const queueRoutes: FastifyPluginAsyncTypebox<{ legacy: LegacyServices }> = async (
  app,
  { legacy },
) => {
  const { queue } = legacy;
  app.addHook('onRequest', app.authenticate);
  app.addHook('preHandler', requireStaff(app));
  const doc = (summary: string) => signedInDoc(summary, STAFF);
  const errors = errorResponses(400, 401, 403, 404);

  app.get(
    '/MerchantQueue/Get',
    {
      schema: {
        ...doc('The review queue: pending stores first, then oldest first; status filters it'),
        querystring: LegacyQueueQuery,
        response: { 200: LegacyMerchantQueuePage, ...errors },
      },
    },
    async (request) => queue.merchants(request.query),
  );
  app.get(
    '/MerchantQueue/GetByAdvertiserId',
    {
      schema: {
        ...doc("An advertiser's store in the review queue"),
        querystring: LegacyAdvertiserIdQuery,
        response: { 200: LegacyMerchantQueueItem, ...errors },
      },
    },
    async (request) => queue.byAdvertiser(request.query.advertiserId),
  );
  app.get(
    '/CouponQueue/GetByCouponId',
    {
      schema: {
        ...doc("A coupon with its store's place in the review queue"),
        querystring: LegacyCouponIdQuery,
        response: { 200: LegacyCouponQueueItem, ...errors },
      },
    },
    async (request) => queue.byCoupon(request.query.couponId),
  );
};

export default queueRoutes;
