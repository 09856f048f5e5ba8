import { existsSync, statSync } from 'node:fs';
import { join, normalize, relative, resolve, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ClientId } from '@cc/config';
import { MESSAGES } from '@cc/contract';
import { decodedPath } from './request-path';

const SERVER_PATHS = /^\/(api|media|dev)(\/|$)/;
const HASHED = /[-.][A-Za-z0-9_-]{8,}\.(js|css|woff2|svg|png|jpg|webp)$/;

/** Each served brand's build folder (apps/<brand>/dist or BRAND_DIST_<KEY>) by its port. */
export function brandDistFolders(
  brandDist: Partial<Record<ClientId, string>>,
  portClients: ReadonlyMap<number, ClientId>,
) {
  const folders = new Map<number, string>();
  for (const [port, client] of portClients) {
    const folder = brandDist[client];
    if (folder) folders.set(port, resolve(folder));
  }
  return folders;
}

/** How long a browser keeps a file: the pages revalidate, content-hashed files never change. */
export function staticCacheControl(file: string, isPage: boolean): string {
  if (isPage) return 'no-cache';
  return HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'public, max-age=300';
}

/**
 * Serves a brand's static build for GETs that no route took: the file when it
 * exists, else the SPA fallback: index.html (the prerendered landing page) for /,
 * app.html (the same shell, the app's entry as a plain module script) for every
 * other address, or index.html when the build has no app.html. The file goes out
 * through @fastify/static (registered in app.ts): its build-time .br/.gz copy when the
 * browser takes one, an ETag and Last-Modified, and 304 to a matching revalidation.
 * Answers false when it did not serve.
 */
export function serveBrand(
  request: FastifyRequest,
  reply: FastifyReply,
  folders: ReadonlyMap<number, string>,
): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = decodedPath(request.url);
  if (path === undefined || SERVER_PATHS.test(path)) return false;
  const port = request.raw.socket?.localPort;
  const root = port === undefined ? undefined : folders.get(port);
  if (!root || !existsSync(join(root, 'index.html'))) return false;
  let file = resolve(root, '.' + normalize(path));
  if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) {
    file =
      path !== '/' && existsSync(join(root, 'app.html'))
        ? join(root, 'app.html')
        : join(root, 'index.html');
  }
  const isPage = file === join(root, 'index.html') || file === join(root, 'app.html');
  reply.header('cache-control', staticCacheControl(file, isPage));
  void reply.sendFile(relative(root, file).split(sep).join('/'), root);
  return true;
}

/**
 * The brand builds as the last routes: a catch-all GET (not the not-found handler, so every
 * more specific route still wins) serves the build of the brand whose port the request came
 * to; anything else is the API's 404.
 */
export function registerBrandBuilds(
  app: FastifyInstance,
  folders: ReadonlyMap<number, string>,
): void {
  const notFound = (reply: FastifyReply) =>
    reply.status(404).send({ message: MESSAGES.notFound, detail: MESSAGES.notFound });
  app.get('/*', { schema: { hide: true } }, (request, reply) =>
    serveBrand(request, reply, folders) ? reply : notFound(reply),
  );
  app.setNotFoundHandler((_request, reply) => notFound(reply));
}
