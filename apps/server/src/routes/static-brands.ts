import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ClientId } from '@cc/config';
import { decodedPath } from '../request-path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};

/** Text files are sent br/gzip-compressed when the browser accepts it. */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.map']);

const SERVER_PATHS = /^\/(api|media|dev)(\/|$)/;
const HASHED = /[-.][A-Za-z0-9_-]{8,}\.(js|css|woff2|svg|png|jpg|webp)$/;

/** Each served brand's build folder (apps/<brand>/dist or BRAND_DIST_<KEY>) by its port. */
export function brandDistFolders(brandDist: Partial<Record<ClientId, string>>, portClients: ReadonlyMap<number, ClientId>) {
  const folders = new Map<number, string>();
  for (const [port, client] of portClients) {
    const folder = brandDist[client];
    if (folder) folders.set(port, resolve(folder));
  }
  return folders;
}

/**
 * Serves a brand's static build for GETs that no route took: the file when it
 * exists, else the SPA fallback: index.html (the prerendered landing page) for /,
 * app.html (the same shell, the app's entry as a plain module script) for every
 * other address, or index.html when the build has no app.html. Answers false when
 * it did not serve.
 */
export function serveBrand(request: FastifyRequest, reply: FastifyReply, folders: ReadonlyMap<number, string>): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = decodedPath(request.url);
  if (path === undefined || SERVER_PATHS.test(path)) return false;
  const port = request.raw.socket?.localPort;
  const root = port === undefined ? undefined : folders.get(port);
  if (!root || !existsSync(join(root, 'index.html'))) return false;
  let file = resolve(root, '.' + normalize(path));
  if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) {
    file = path !== '/' && existsSync(join(root, 'app.html')) ? join(root, 'app.html') : join(root, 'index.html');
  }
  const isIndex = file.endsWith(`${sep}index.html`) || file.endsWith(`${sep}app.html`);
  reply
    .type(TYPES[extname(file)] ?? 'application/octet-stream')
    .header('cache-control', isIndex ? 'no-cache' : HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
  const stream = createReadStream(file);
  void (COMPRESSIBLE.has(extname(file)) ? reply.compress(stream) : reply.send(stream));
  return true;
}
