import type { FastifyInstance } from 'fastify';
import { periodicJob } from '../core/platform/periodic-job';

/** How long an upload no store uses is kept: a merchant may upload a logo and save the store later. */
export const UPLOAD_GRACE_HOURS = 24;
export const UPLOAD_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export type UploadSweep = {
  /** Sweeps now, after any sweep already running; answers the ids it deleted. */
  run: () => Promise<string[]>;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    uploadSweep: UploadSweep;
  }
}

/**
 * Deletes uploaded images no store's logo points at once they are `graceHours` old (upload
 * time on app.clock): once when the app is ready, then every hour on an unref'd timer,
 * stopped (waiting for a sweep in flight) when the app closes. Every instance sweeps: the
 * check against stores and the delete are one statement, run while store writes wait (see
 * imagesRepository.deleteUnreferencedBefore), so instances sharing the database race
 * harmlessly. A store saved afterwards with the URL of an upload that sweep deleted is
 * refused (400 on logo_url, services/stores.ts), so no store ends up with a missing logo.
 */
export function registerUploadSweep(
  app: FastifyInstance,
  options: { graceHours?: number | undefined },
): void {
  const graceMs = (options.graceHours ?? UPLOAD_GRACE_HOURS) * 60 * 60 * 1000;
  const sweep = periodicJob(app, {
    intervalMs: UPLOAD_SWEEP_INTERVAL_MS,
    work: () => app.uploads.deleteUnused(graceMs),
    onDone: (deleted) => {
      if (deleted.length > 0)
        app.log.info({ deleted: deleted.length }, 'deleted uploads no store uses');
    },
    failure: 'upload sweep failed; the next one retries',
  });
  app.decorate('uploadSweep', sweep);
}
