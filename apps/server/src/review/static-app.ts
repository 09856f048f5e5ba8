import { existsSync, statSync } from 'node:fs';
import { join, normalize, relative, resolve, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { decodedPath } from '../core/http/request-path';

/**
 * The staff console's build (REVIEW_DIST, apps/review/dist) under /review on every port,
 * index.html as the SPA fallback; files go out through @fastify/static (app.ts) with their
 * build-time .br/.gz copies, ETags and 304s.
 */
export function registerReviewApp(app: FastifyInstance, reviewDist: string | undefined): void {
  const root = reviewDist === undefined ? undefined : resolve(reviewDist);
  const index = root === undefined ? undefined : join(root, 'index.html');
  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    if (root === undefined || index === undefined || !existsSync(index)) {
      return reply
        .status(404)
        .type('text/plain; charset=utf-8')
        .send('The review console is not built: pnpm --filter @cc/review build');
    }
    const path = decodedPath(request.url)?.replace(/^\/review/, '') || '/';
    let file = resolve(root, '.' + normalize(path));
    if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) file = index;
    return reply
      .header('cache-control', file === index ? 'no-cache' : 'public, max-age=31536000, immutable')
      .header('x-robots-tag', 'noindex')
      .sendFile(relative(root, file).split(sep).join('/'), root);
  };
  app.get('/review', { schema: { hide: true } }, serve);
  app.get('/review/*', { schema: { hide: true } }, serve);
}
