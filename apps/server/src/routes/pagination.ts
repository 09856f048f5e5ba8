import type { FastifyRequest } from 'fastify';
import type { Paginated } from '@cc/contract';
import { NotFound } from '../errors';

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
