import type { CounterKind } from './schema';

/** One shopper's count waiting to be written: a coupon's views, reveals or clicks on a UTC day. */
export type PendingCount = { day: string; couponId: number; kind: CounterKind; visitor: string };

export type CountingOptions = {
  /**
   * How often the counts collected in memory are written, in milliseconds (default 1000).
   * 0 writes each event's counts before the request is answered.
   */
  flushMs: number;
  /** Counts held before a write starts at once, whatever the time (default 2000). */
  maxPending: number;
};

export const DEFAULT_COUNTING: CountingOptions = { flushMs: 1000, maxPending: 2000 };

/**
 * The counts of shoppers' views, reveals and clicks, collected in memory and written in one
 * statement per batch (`write`): at most `flushMs` apart, at once when `maxPending` are held,
 * and on `stop` (the app's close, so a SIGTERM writes them before the exit). The same visitor's
 * repeat of a count within a batch is held once; across batches and instances the database
 * decides (coupon_visitors), so unique visitors stay exact. A failed write keeps its counts for
 * the next one, up to `maxPending` x 10 held, beyond which the oldest are dropped and reported.
 */
export function countBatches(options: {
  write: (counts: PendingCount[]) => Promise<void>;
  counting: CountingOptions;
  onFailed: (error: unknown, dropped: number) => void;
}) {
  const { flushMs, maxPending } = options.counting;
  let pending = new Map<string, PendingCount>();
  let writing: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const keyOf = (count: PendingCount) => `${count.day}|${String(count.couponId)}|${count.kind}|${count.visitor}`;

  async function writeHeld(): Promise<void> {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    try {
      await options.write([...batch.values()]);
    } catch (error) {
      // Back in front of what arrived meanwhile, bounded so a database outage cannot fill the memory.
      const kept = new Map([...batch, ...pending]);
      const limit = maxPending * 10;
      const dropped = Math.max(0, kept.size - limit);
      pending = new Map([...kept].slice(dropped));
      options.onFailed(error, dropped);
    }
  }

  /** Writes what is held, after any write under way; resolves when the counts held now are written (or kept after a failure). */
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
    /** Collects an event's counts; with `flushMs` 0 they are written before this resolves. */
    add: async (counts: PendingCount[]): Promise<void> => {
      for (const count of counts) pending.set(keyOf(count), count);
      if (flushMs === 0) return flush();
      if (pending.size >= maxPending) void flush();
    },
    flush,
    /** How many counts wait for a write. */
    held: () => pending.size,
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
