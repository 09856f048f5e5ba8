import type { CounterKind } from './schema';

/**
 * One shopper's event waiting to be written: a view of a page's coupons, or a reveal or a click
 * of one coupon, on a UTC day. `couponIds` is the page's own list for a view (shared, not copied).
 */
export type PendingCount = {
  day: string;
  kind: CounterKind;
  visitor: string;
  couponIds: readonly number[];
};

export type CountingOptions = {
  /**
   * How often the events collected in memory are written, in milliseconds (default 1000).
   * 0 writes each event's counts before the request is answered.
   */
  flushMs: number;
  /** Events held before a write starts at once, whatever the time (default 2000). */
  maxPending: number;
};

export const DEFAULT_COUNTING: CountingOptions = { flushMs: 1000, maxPending: 2000 };

/**
 * The shoppers' views, reveals and clicks, collected in memory and written in one statement per
 * batch (`write`): at most `flushMs` apart, at once when `maxPending` events are held, and on
 * `stop` (the app's close, so a SIGTERM writes them before the exit). Each event is held as it
 * came, one small entry whatever the number of coupons it counts; the database decides at the
 * write which are new (coupon_visitors, a repeat within a batch included), so unique visitors
 * stay exact across batches and instances. A failed write keeps its events for the next one, up
 * to `maxPending` x 10 held, beyond which the oldest are dropped and reported.
 */
export function countBatches(options: {
  write: (counts: PendingCount[]) => Promise<void>;
  counting: CountingOptions;
  onFailed: (error: unknown, dropped: number) => void;
}) {
  const { flushMs, maxPending } = options.counting;
  let pending: PendingCount[] = [];
  let writing: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function writeHeld(): Promise<void> {
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    try {
      await options.write(batch);
    } catch (error) {
      // Back in front of what arrived meanwhile, bounded so a database outage cannot fill the memory.
      const kept = batch.concat(pending);
      const dropped = Math.max(0, kept.length - maxPending * 10);
      pending = kept.slice(dropped);
      options.onFailed(error, dropped);
    }
  }

  /** Writes what is held, after any write under way; resolves when the events held now are written (or kept after a failure). */
  function flush(): Promise<void> {
    const previous = writing ?? Promise.resolve();
    const next = previous.then(writeHeld);
    writing = next;
    void next.finally(() => {
      if (writing === next) writing = undefined;
    });
    return next;
  }

  return {
    /** Collects an event; with `flushMs` 0 its counts are written before this resolves. */
    add: (count: PendingCount): Promise<void> | undefined => {
      pending.push(count);
      if (flushMs === 0) return flush();
      if (pending.length === maxPending) void flush();
      return undefined;
    },
    flush,
    /** Whether events wait for a batch (false: each is written before `add` resolves). */
    batching: flushMs > 0,
    /** How many events wait for a write. */
    held: () => pending.length,
    start: (): void => {
      if (flushMs === 0 || timer) return;
      timer = setInterval(() => void flush(), flushMs);
      timer.unref();
    },
    /** Stops the timer and writes what is held. */
    stop: async (): Promise<void> => {
      clearInterval(timer);
      timer = undefined;
      await flush();
    },
  };
}
export type CountBatches = ReturnType<typeof countBatches>;
