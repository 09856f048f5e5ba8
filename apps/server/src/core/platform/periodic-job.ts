import type { FastifyInstance } from 'fastify';

/** What a periodic job offers callers: run it now (after any run under way) and wait for its result. */
export type PeriodicJob<T> = { run: () => Promise<T> };

/**
 * Runs `work` once the app is ready (unless `firstRunAtReady` is false) and then every
 * `intervalMs`, one run at a time on this instance: a tick while a run is under way is
 * skipped, an explicit `run()` waits for it. A failed run is logged (at `failureLevel`, warn
 * unless told) and the next tick tries again; closing the app stops the timer and waits for
 * the run under way.
 */
export function periodicJob<T>(
  app: FastifyInstance,
  options: {
    intervalMs: number;
    work: () => Promise<T>;
    /** Logs what a successful run did. */
    onDone: (result: T) => void;
    /** The warning a failed run logs. */
    failure: string;
    /** Whether the first run is as the app becomes ready (the default) or one interval after. */
    firstRunAtReady?: boolean;
    failureLevel?: 'warn' | 'error';
  },
): PeriodicJob<T> {
  let running: Promise<T> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const run = (): Promise<T> => {
    const previous = running;
    const next = (async () => {
      await previous?.catch(() => undefined);
      return options.work();
    })();
    running = next;
    next
      .finally(() => {
        if (running === next) running = undefined;
      })
      .catch(() => undefined);
    return next;
  };
  const tick = () => {
    if (running) return;
    run().then(options.onDone, (error: unknown) =>
      app.log[options.failureLevel ?? 'warn']({ err: error }, options.failure),
    );
  };
  app.addHook('onReady', async () => {
    if (options.firstRunAtReady !== false) tick();
    timer = setInterval(tick, options.intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running?.catch(() => undefined);
  });
  return { run };
}
