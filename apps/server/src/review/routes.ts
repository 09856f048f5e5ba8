import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  DeclineBody,
  REVIEW_PAGE_SIZE,
  ReviewQueue,
  ReviewQueueQuery,
  ReviewStore,
} from '@cc/contract';
import { callerOf } from '../core/http/caller';
import type { ReviewService } from './service';
import { requireStaff } from './staff-guard';
import { bearer, errorResponses } from '../core/http/route-schemas';

const tags = ['review'];
const params = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });

/** Staff only: the store review queue, approve, decline with a reason. */
const reviewRoutes: FastifyPluginAsyncTypebox<{ review: ReviewService }> = async (
  app,
  { review },
) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('preHandler', requireStaff(app));

  app.get(
    '/stores/',
    {
      schema: {
        tags,
        security: bearer,
        querystring: ReviewQueueQuery,
        response: { 200: ReviewQueue, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { status, search, cursor, page_size: size = REVIEW_PAGE_SIZE.default } = request.query;
      const page = await review.page({ status, search, cursor, size });
      const link = (target: string | null) => {
        if (target === null) return null;
        const url = new URL(request.url, `${request.protocol}://${request.host}`);
        url.searchParams.set('cursor', target);
        return url.toString();
      };
      return {
        count: page.count,
        next: link(page.next),
        previous: link(page.previous),
        results: page.results,
      };
    },
  );
  app.get(
    '/stores/:id/',
    {
      schema: {
        tags,
        security: bearer,
        params,
        response: { 200: ReviewStore, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => review.get(request.params.id),
  );
  app.post(
    '/stores/:id/approve/',
    {
      schema: {
        tags,
        security: bearer,
        params,
        response: { 200: ReviewStore, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => review.approve(callerOf(request).userId, request.params.id),
  );
  app.post(
    '/stores/:id/decline/',
    {
      schema: {
        tags,
        security: bearer,
        params,
        body: DeclineBody,
        response: { 200: ReviewStore, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      review.decline(callerOf(request).userId, request.params.id, request.body.reason),
  );
};

export default reviewRoutes;
