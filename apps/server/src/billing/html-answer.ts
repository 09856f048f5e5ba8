import type { FastifyReply } from 'fastify';

/** A checkout, card or receipt page as it is answered: never cached, never framed, no referrer. */
export function html(reply: FastifyReply, status: number, body: string) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-frame-options', 'DENY')
    .send(body);
}
