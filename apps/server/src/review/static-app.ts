import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { decodedPath } from '../request-path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

/** The staff console's build (REVIEW_DIST, apps/review/dist) under /review on every port, index.html as the SPA fallback. */
export function registerReviewApp(app: FastifyInstance, reviewDist: string | undefined): void {
  const root = reviewDist === undefined ? undefined : resolve(reviewDist);
  const index = root === undefined ? undefined : join(root, 'index.html');
  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    if (root === undefined || index === undefined || !existsSync(index)) {
      return reply.status(404).type('text/plain; charset=utf-8').send('The review console is not built: pnpm --filter @cc/review build');
    }
    const path = decodedPath(request.url)?.replace(/^\/review/, '') || '/';
    let file = resolve(root, '.' + normalize(path));
    if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) file = index;
    const isIndex = file === index;
    return reply
      .type(TYPES[extname(file)] ?? 'application/octet-stream')
      .header('cache-control', isIndex ? 'no-cache' : 'public, max-age=31536000, immutable')
      .header('x-robots-tag', 'noindex')
      .send(createReadStream(file));
  };
  app.get('/review', { schema: { hide: true } }, serve);
  app.get('/review/*', { schema: { hide: true } }, serve);
}
