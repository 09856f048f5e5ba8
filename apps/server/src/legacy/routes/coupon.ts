import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  LegacyCategoryParams,
  LegacyCoupon,
  LegacyCouponIdQuery,
  LegacyCouponPage,
  LegacyPageQuery,
  LegacyStoreParams,
} from '@cc/contract';
import { errorResponses } from '../../core/http/route-schemas';
import { sendCacheable } from '../cacheable';
import type { LegacyServices } from '../services';
import { legacyDoc, PUBLIC_COUPONS } from './docs';

const FEATURED_RULE =
  "The first coupon (in the merchant's order) of each live merchant with a current coupon, merchants ranked by their coupons' page views over the last 30 days (today included), most first; equal counts A to Z.";

/** /api/Coupon: featured coupons, a merchant's and a category's coupons, one coupon. */
const couponRoutes: FastifyPluginAsyncTypebox<{ legacy: LegacyServices }> = async (
  app,
  { legacy },
) => {
  const { catalogue } = legacy;
  const errors = errorResponses(400, 404);

  app.get(
    '/Featured',
    {
      schema: {
        ...legacyDoc('Featured coupons', `${PUBLIC_COUPONS} ${FEATURED_RULE}`),
        querystring: LegacyPageQuery,
        response: { 200: LegacyCouponPage, ...errors },
      },
    },
    async (request, reply) =>
      sendCacheable(request, reply, catalogue.featured(request.clientId, request.query)),
  );
  app.get(
    '/store/:storeId',
    {
      schema: {
        ...legacyDoc("A live merchant's current coupons, in the merchant's order", PUBLIC_COUPONS),
        params: LegacyStoreParams,
        querystring: LegacyPageQuery,
        response: { 200: LegacyCouponPage, ...errors },
      },
    },
    async (request, reply) =>
      sendCacheable(
        request,
        reply,
        catalogue.storeCoupons(request.clientId, request.params.storeId, request.query),
      ),
  );
  app.get(
    '/category/:categoryId',
    {
      schema: {
        ...legacyDoc(
          'Current coupons of the live merchants whose primary category it is, merchants A to Z (none: an empty page)',
          PUBLIC_COUPONS,
        ),
        params: LegacyCategoryParams,
        querystring: LegacyPageQuery,
        response: { 200: LegacyCouponPage, ...errors },
      },
    },
    async (request, reply) =>
      sendCacheable(
        request,
        reply,
        catalogue.categoryCoupons(request.clientId, request.params.categoryId, request.query),
      ),
  );
  app.get(
    '/Get',
    {
      schema: {
        ...legacyDoc('One current coupon of a live merchant', PUBLIC_COUPONS),
        querystring: LegacyCouponIdQuery,
        response: { 200: LegacyCoupon, ...errors },
      },
    },
    async (request, reply) =>
      sendCacheable(request, reply, catalogue.coupon(request.clientId, request.query.couponId)),
  );
};

export default couponRoutes;
