import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Paginated } from '@cc/contract';
import { NotFound } from './errors';

export const DEFAULT_PAGE_SIZE = 20;

/** DRF's page-number pagination over an already bounded list. */
export function paginate<T>(
  request: FastifyRequest,
  items: T[],
  query: { page?: number | undefined; page_size?: number | undefined },
): Paginated<T> {
  const page = query.page ?? 1;
  const size = query.page_size ?? DEFAULT_PAGE_SIZE;
  const pages = Math.max(1, Math.ceil(items.length / size));
  if (page > pages) throw new NotFound('Invalid page.');
  const link = (target: number) => {
    const url = new URL(request.url, `${request.protocol}://${request.host}`);
    url.searchParams.set('page', String(target));
    return url.toString();
  };
  return {
    count: items.length,
    next: page < pages ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
    results: items.slice((page - 1) * size, page * size),
  };
}

const resultsJson = new WeakMap<object[], string>();

/**
 * Sends a list that fits one page as JSON made without the response serializer:
 * the results' JSON is made once per items array (a cached list hands out the
 * same array), and the wire objects carry exactly the schema's fields, so the
 * body is what the serializer would have written.
 */
export function sendSinglePage(reply: FastifyReply, items: object[]): FastifyReply {
  let results = resultsJson.get(items);
  if (results === undefined) {
    results = JSON.stringify(items);
    resultsJson.set(items, results);
  }
  return reply
    .type('application/json; charset=utf-8')
    .send(`{"count":${items.length},"next":null,"previous":null,"results":${results}}`);
}
