import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { periodicJob, type PeriodicJob } from '../core/platform/periodic-job';
import {
  DEFAULT_RETENTION_BATCH,
  DEFAULT_RETENTION_DAYS,
  retentionService,
  type RetentionDays,
  type RetentionResult,
} from './service';

export const RETENTION_INTERVAL_MS = 60 * 60 * 1000;

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    /** The retention purge (retention/service.ts): run it now, after any run under way. */
    retention: PeriodicJob<RetentionResult>;
  }
}

export type RetentionOptions = {
  /** Days each kind is kept (RETENTION_*_DAYS); the defaults where unset. */
  days?: RetentionDays | undefined;
  /** Rows one batch deletes at most (RETENTION_BATCH_SIZE). */
  batchSize?: number | undefined;
};

/**
 * Retention: deletes what the product no longer needs (spent tokens, ended sessions, expired
 * checkouts, old sent mail and audit entries) once the app is ready and then hourly, on every
 * instance; the purge's advisory lock lets one at a time do it.
 */
async function retentionPlugin(app: FastifyInstance, options: RetentionOptions): Promise<void> {
  const service = retentionService({
    db: app.db,
    clock: app.clock,
    days: options.days ?? DEFAULT_RETENTION_DAYS,
    batchSize: options.batchSize ?? DEFAULT_RETENTION_BATCH,
  });
  // Aborted as closing starts, so a long purge stops after the kind under way.
  const closing = new AbortController();
  app.addHook('preClose', async () => closing.abort());
  const job = periodicJob(app, {
    intervalMs: RETENTION_INTERVAL_MS,
    work: () => service.run(closing.signal),
    onDone: ({ deleted }) => {
      const total = Object.values(deleted).reduce((sum, n) => sum + n, 0);
      if (total > 0) app.log.info({ deleted }, 'retention purge deleted old rows');
    },
    failure: 'retention purge failed; the next one retries',
  });
  app.decorate('retention', job);
}

export default fp(retentionPlugin, { name: 'retention' });
