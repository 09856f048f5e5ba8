import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { MESSAGES } from '@cc/contract';
import { PUBLIC_CACHE_CONTROL } from '../core/http/http-cache';
import { sendEncoded } from './send-encoded';
import type { Sitemaps } from './sitemap';

const XML_HEADERS = {
  'content-type': 'application/xml; charset=utf-8',
  'cache-control': PUBLIC_CACHE_CONTROL,
};
const ROBOTS_HEADERS = {
  'content-type': 'text/plain; charset=utf-8',
  'cache-control': PUBLIC_CACHE_CONTROL,
};
const SHARD_FILE = /^stores-([1-9]\d{0,9})\.xml$/;

/**
 * What crawlers read first, per brand (the brand of the port or site key, as the store pages):
 * /robots.txt naming /sitemap.xml, the sitemap index, and the sitemaps it lists.
 */
const sitemapRoutes: FastifyPluginAsyncTypebox<{ sitemaps: Sitemaps }> = async (
  app,
  { sitemaps },
) => {
  const notFound = { message: MESSAGES.notFound, detail: MESSAGES.notFound };

  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) =>
    sendEncoded(
      request,
      reply.headers(ROBOTS_HEADERS),
      await sitemaps.robots(request.clientId),
      true,
    ),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) =>
    sendEncoded(request, reply.headers(XML_HEADERS), await sitemaps.index(request.clientId), true),
  );

  app.get(
    '/sitemaps/:file',
    { schema: { hide: true, params: Type.Object({ file: Type.String({ maxLength: 40 }) }) } },
    async (request, reply) => {
      const { file } = request.params;
      const shard = SHARD_FILE.exec(file);
      const text =
        file === 'pages.xml'
          ? await sitemaps.pages(request.clientId)
          : shard
            ? await sitemaps.shard(request.clientId, Number(shard[1]))
            : undefined;
      if (!text) return reply.status(404).header('cache-control', 'no-cache').send(notFound);
      return sendEncoded(request, reply.headers(XML_HEADERS), text, true);
    },
  );
};

export default sitemapRoutes;
