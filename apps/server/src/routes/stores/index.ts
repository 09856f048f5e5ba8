import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { PublicPageService } from '../../public-pages/service';
import { PAGE_CSP } from '../../public-pages/render';

const slugParams = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 250 }) });
/** Pages revalidate on every use: a change shows at once, an unchanged page costs a 304. */
const LIVE_CACHE = 'public, max-age=0, must-revalidate';

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** The public store pages (server-rendered per brand) and the shopper counters they call. */
const storePageRoutes: FastifyPluginAsyncTypebox<{
  pages: PublicPageService;
  canPreview: (token: string, storeId: number) => boolean;
}> = async (app, { pages, canPreview }) => {
  app.get(
    '/:slug',
    {
      schema: {
        hide: true,
        params: slugParams,
        querystring: Type.Object({ preview: Type.Optional(Type.String({ maxLength: 200 })) }),
      },
    },
    async (request, reply) => {
      const token = request.query.preview;
      const page = await pages.page(request.params.slug, request.clientId, {
        ...(token ? { preview: (storeId: number) => canPreview(token, storeId) } : {}),
      });
      reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', PAGE_CSP)
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'strict-origin-when-cross-origin');
      if (page.status === 404) return reply.status(404).header('cache-control', 'no-cache').send(page.html);
      if (page.preview) {
        return reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex').send(page.html);
      }
      reply.header('etag', page.etag).header('cache-control', LIVE_CACHE);
      if (matches(request.headers['if-none-match'], page.etag)) return reply.status(304).send();
      return reply.send(page.html);
    },
  );

  app.post(
    '/:slug/events',
    {
      config: { rateLimit: { max: 600, timeWindow: 60_000 } },
      schema: {
        hide: true,
        params: slugParams,
        querystring: Type.Object({
          type: Type.Union([Type.Literal('view'), Type.Literal('reveal')]),
          coupon: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
        }),
      },
    },
    async (request, reply) => {
      await pages.countEvent(request.params.slug, request.query.type, request.query.coupon);
      return reply.status(204).header('cache-control', 'no-store').send();
    },
  );

  app.get(
    '/:slug/go/:couponId',
    {
      config: { rateLimit: { max: 600, timeWindow: 60_000 } },
      schema: {
        hide: true,
        params: Type.Object({ slug: slugParams.properties.slug, couponId: Type.Integer({ minimum: 1, maximum: 2147483647 }) }),
      },
    },
    async (request, reply) => {
      const destination = await pages.click(request.params.slug, request.params.couponId);
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      if (!destination) return reply.status(404).send({ message: 'Not found.', detail: 'Not found.' });
      return reply.redirect(destination, 302);
    },
  );
};

export default storePageRoutes;
