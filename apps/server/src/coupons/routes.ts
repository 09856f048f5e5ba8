import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  Coupon,
  CouponCreateBody,
  CouponListQuery,
  CouponUpdateBody,
  Paginated,
  SortCouponsBody,
  SuccessBody,
} from '@cc/contract';
import { callerOf } from '../core/http/caller';
import { paginate, sendSinglePage } from '../core/http/pagination';
import { bearer, errorResponses } from '../core/http/route-schemas';

const tags = ['coupons'];
const CouponParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });

const listCouponsSchema = {
  security: bearer,
  querystring: CouponListQuery,
  response: { 200: Paginated(Coupon), ...errorResponses(400, 401, 404) },
};

/** GET list of the caller's coupons; served at /api/v1/coupons/ and the spec's /api/coupons/. */
const listCoupons: FastifyPluginAsyncTypebox<{ tags: string[] }> = async (app, options) => {
  app.get('/', { schema: { ...listCouponsSchema, tags: options.tags } }, async (request, reply) => {
    const { store_slug, include_scheduled, id_search_text } = request.query;
    const items = await app.coupons.list(callerOf(request), {
      storeSlug: store_slug,
      includeScheduled: include_scheduled === '1' || include_scheduled === 'true',
      idSearchText: id_search_text,
    });
    const page = paginate(request, items, request.query);
    if (page.next !== null || page.previous !== null) return page;
    return sendSinglePage(reply, items);
  });
};

/** The merchant's own coupons: list, read, create (at most 10), update, delete, reorder. */
const couponRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { coupons } = app;
  app.addHook('onRequest', app.authenticate);
  await app.register(listCoupons, { tags });

  app.post(
    '/',
    {
      schema: {
        tags,
        security: bearer,
        body: CouponCreateBody,
        response: { 201: Coupon, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await coupons.create(callerOf(request), request.body)),
  );

  app.post(
    '/sort-coupons/',
    {
      schema: {
        tags,
        security: bearer,
        body: SortCouponsBody,
        response: { 200: SuccessBody, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      await coupons.sort(callerOf(request), request.body.items);
      return { success: true as const };
    },
  );

  app.get(
    '/:id/',
    {
      schema: {
        tags,
        security: bearer,
        params: CouponParams,
        response: { 200: Coupon, ...errorResponses(401, 404) },
      },
    },
    async (request) => coupons.get(callerOf(request), request.params.id),
  );

  const update = {
    schema: {
      tags,
      security: bearer,
      params: CouponParams,
      body: CouponUpdateBody,
      response: { 200: Coupon, ...errorResponses(400, 401, 404) },
    },
  };
  app.patch('/:id/', update, async (request) =>
    coupons.update(callerOf(request), request.params.id, request.body),
  );
  app.put('/:id/', update, async (request) =>
    coupons.update(callerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/:id/',
    {
      schema: {
        tags,
        security: bearer,
        params: CouponParams,
        response: { 204: Type.Null(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await coupons.remove(callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};

export default couponRoutes;

/** GET /api/coupons/: the spec's unversioned list. */
export const legacyCouponRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate);
  await app.register(listCoupons, { tags: ['legacy'] });
};
