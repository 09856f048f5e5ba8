import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  encodedBody,
  etagFor,
  isNotModified,
  negotiateEncoding,
  type EncodedText,
} from './encoding';

/**
 * Sends a text in the best encoding the client accepts (each made once ahead),
 * with its ETag and a 304 for a tag the client holds when `revalidate`.
 */
export function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  text: EncodedText,
  revalidate: boolean,
): FastifyReply {
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  // Kept beside what CORS already listed.
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  if (revalidate) {
    reply.header('etag', etagFor(text, encoding));
    if (isNotModified(request.headers['if-none-match'], text)) return reply.status(304).send();
  }
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(encodedBody(text, encoding));
}
