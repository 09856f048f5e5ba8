import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import mediaRoutes from './media-route';
import uploadRoutes from './routes';
import { uploadService, type UploadService } from './service';
import { registerUploadSweep } from './sweep';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    /** Stored logos: upload, read, and whether one still exists (uploads/service.ts). */
    uploads: UploadService;
  }
}

export type UploadsOptions = {
  /** Hours an upload no store uses is kept before the sweep deletes it (sweep.ts). */
  graceHours?: number | undefined;
};

/** Logo uploads: /api/v1/uploads, the stored images under /media, and the hourly sweep of unused ones. */
async function uploadsPlugin(app: FastifyInstance, options: UploadsOptions): Promise<void> {
  app.decorate('uploads', uploadService({ db: app.db, clock: app.clock }));
  await app.register(uploadRoutes, { prefix: '/api/v1/uploads' });
  await app.register(mediaRoutes);
  registerUploadSweep(app, { graceHours: options.graceHours });
}

export default fp(uploadsPlugin, {
  name: 'uploads',
  dependencies: ['auth'],
  decorators: { fastify: ['uploadRateLimit'] },
});
