import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PUBLIC_CACHE_CONTROL } from '../core/http/http-cache';
import { isNotModified } from '../public-pages/encoding';

/**
 * Sends a public read, once it is done, as JSON with a strong ETag of its body, and 304
 * for a tag the client holds. The brand comes from the site key header (or the port,
 * which is in the address), so caches keep one copy per site key.
 */
export async function sendCacheable(
  request: FastifyRequest,
  reply: FastifyReply,
  read: Promise<object>,
): Promise<FastifyReply> {
  const json = JSON.stringify(await read);
  const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, x-site-key` : 'x-site-key');
  reply.header('cache-control', PUBLIC_CACHE_CONTROL).header('etag', etag);
  if (isNotModified(request.headers['if-none-match'], { etag })) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(json);
}
