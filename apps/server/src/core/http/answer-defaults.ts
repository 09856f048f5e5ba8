import type { FastifyInstance } from 'fastify';
import type { StoreChanges } from '../data/store-changes';
import { DEFAULT_CACHE_CONTROL } from './http-cache';

/**
 * Requests that may change a store, its coupons, its review state or its subscription:
 * every write under /api and /checkout except sign-in, tokens and uploads, the frequent
 * writes that touch no store.
 */
const WRITES = /^\/(?:api\/(?!v1\/auth\/|Auth\/|v1\/uploads\/)|checkout\/)/;

/**
 * What every answer gets as it leaves (onSend: the handler and its transaction are done, the
 * answer has not left yet): a write through this instance marks the store caches, so its next
 * read sees it before any notification arrives; an answer whose route chose no caching is
 * kept by no cache (signed-in answers above all).
 */
export function registerAnswerDefaults(
  app: FastifyInstance,
  storeChanges: Pick<StoreChanges, 'wrote'>,
): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && WRITES.test(request.url))
      storeChanges.wrote();
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', DEFAULT_CACHE_CONTROL);
    done(null, payload);
  });
}
