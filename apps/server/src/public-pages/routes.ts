import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { MESSAGES } from '@cc/contract';
import { PUBLIC_CACHE_CONTROL } from '../core/http/http-cache';
import type { PublicPageService } from './service';
import { ASSET_PATH, PAGE_CSP, type PageAsset } from './page-assets';
import { sendEncoded } from './send-encoded';
import type { Visitor } from './visitors';

const slugParams = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 250 }) });

/** Every page answer's own headers (helmet adds the rest, nosniff among them). */
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': PAGE_CSP,
  'referrer-policy': 'strict-origin-when-cross-origin',
};
/** Browsers revalidate a page on every use (a 304 when unchanged); a shared cache may keep it a moment (core/http/http-cache.ts). */
const LIVE_HEADERS = { ...PAGE_HEADERS, 'cache-control': PUBLIC_CACHE_CONTROL };
const NOT_FOUND_HEADERS = { ...PAGE_HEADERS, 'cache-control': 'no-cache' };
const PREVIEW_HEADERS = {
  ...PAGE_HEADERS,
  'cache-control': 'private, no-store',
  'x-robots-tag': 'noindex',
};
const ASSET_HEADERS = { 'cache-control': 'public, max-age=31536000, immutable' };

/** Who is counted: the client's address (behind the proxy in production) and browser; hashed, never stored. */
function visitorOf(request: FastifyRequest): Visitor {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
}

/** The public store pages (server-rendered per brand) and the shopper counters they call. */
const storePageRoutes: FastifyPluginAsyncTypebox<{
  pages: PublicPageService;
  canPreview: (token: string, storeId: number) => boolean;
  assets: ReadonlyMap<string, PageAsset>;
}> = async (app, { pages, canPreview, assets }) => {
  // The pages' stylesheets and script: content-addressed names, so cached for good.
  app.get(
    `${ASSET_PATH}:file`,
    { schema: { hide: true, params: Type.Object({ file: Type.String({ maxLength: 100 }) }) } },
    async (request, reply) => {
      const asset = assets.get(request.params.file);
      if (!asset)
        return reply.status(404).send({ message: MESSAGES.notFound, detail: MESSAGES.notFound });
      reply.headers({ ...ASSET_HEADERS, 'content-type': asset.contentType });
      return sendEncoded(request, reply, asset, true);
    },
  );

  app.get(
    '/:slug',
    {
      schema: {
        hide: true,
        params: slugParams,
        querystring: Type.Object({ preview: Type.Optional(Type.String({ maxLength: 200 })) }),
      },
    },
    (request, reply) => {
      const token = request.query.preview;
      const ready = token ? undefined : pages.ready(request.params.slug);
      if (ready) return sendEncoded(request, reply.headers(LIVE_HEADERS), ready, true);
      return pages
        .page(request.params.slug, request.clientId, {
          ...(token ? { preview: (storeId: number) => canPreview(token, storeId) } : {}),
        })
        .then((answer) => {
          if (answer.previewHtml !== undefined)
            return reply.headers(PREVIEW_HEADERS).send(answer.previewHtml);
          const { page } = answer;
          // Each page is compressed once when rendered; shoppers' browsers get br or gzip.
          if (page.status === 404)
            return sendEncoded(request, reply.status(404).headers(NOT_FOUND_HEADERS), page, false);
          return sendEncoded(request, reply.headers(LIVE_HEADERS), page, true);
        });
    },
  );

  app.post(
    '/:slug/events',
    {
      // The page's script sends it and reads nothing back: an empty 204 needs neither the
      // security headers of a page nor the rate limit's counts (which still apply, 429 included).
      helmet: false,
      config: {
        rateLimit: {
          max: 600,
          timeWindow: 60_000,
          addHeadersOnExceeding: {
            'x-ratelimit-limit': false,
            'x-ratelimit-remaining': false,
            'x-ratelimit-reset': false,
          },
        },
      },
      schema: {
        hide: true,
        params: slugParams,
        querystring: Type.Object({
          type: Type.Union([Type.Literal('view'), Type.Literal('reveal')]),
          coupon: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
        }),
      },
    },
    (request, reply) => {
      const event = {
        kind: request.query.type,
        couponId: request.query.coupon,
        visitor: visitorOf(request),
      };
      // Held in memory without a wait when the page is (the common case), else read first.
      if (pages.countEventNow(request.params.slug, event) !== undefined)
        return reply.status(204).header('cache-control', 'no-store').send();
      return pages
        .countEvent(request.params.slug, event)
        .then(() => reply.status(204).header('cache-control', 'no-store').send());
    },
  );

  // "Did this code work?": one answer per visitor, coupon and UTC day.
  app.post(
    '/:slug/feedback',
    {
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        hide: true,
        params: slugParams,
        body: Type.Object(
          { coupon: Type.Integer({ minimum: 1, maximum: 2147483647 }), worked: Type.Boolean() },
          { additionalProperties: false },
        ),
      },
    },
    async (request, reply) => {
      const kept = await pages.answer(request.params.slug, {
        couponId: request.body.coupon,
        worked: request.body.worked,
        visitor: visitorOf(request),
      });
      return reply.header('cache-control', 'no-store').send({ counted: kept });
    },
  );

  app.get(
    '/:slug/go/:couponId',
    {
      config: { rateLimit: { max: 600, timeWindow: 60_000 } },
      schema: {
        hide: true,
        params: Type.Object({
          slug: slugParams.properties.slug,
          couponId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
        }),
      },
    },
    async (request, reply) => {
      const destination = await pages.click(request.params.slug, {
        couponId: request.params.couponId,
        visitor: visitorOf(request),
      });
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      if (!destination)
        return reply.status(404).send({ message: 'Not found.', detail: 'Not found.' });
      return reply.redirect(destination, 302);
    },
  );
};

export default storePageRoutes;
