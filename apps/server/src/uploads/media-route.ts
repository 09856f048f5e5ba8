import type { FastifyPluginAsync } from 'fastify';
import { NotFound } from '../core/http/errors';

const MEDIA_PATH = /^(logos\/[a-f0-9]{24})\.(png|jpg|webp)$/;

/** GET /media/{public_id}.{ext}: stored logos, immutable, from any instance. */
const mediaRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { '*': string } }>(
    '/media/*',
    { schema: { hide: true } },
    async (request, reply) => {
      const match = MEDIA_PATH.exec(request.params['*']);
      if (!match?.[1]) throw new NotFound();
      const image = await app.uploads.image(match[1]);
      if (!image || image.format !== match[2]) throw new NotFound();
      return reply
        .header('content-type', image.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-length', image.bytes)
        .send(image.data);
    },
  );
};

export default mediaRoutes;
