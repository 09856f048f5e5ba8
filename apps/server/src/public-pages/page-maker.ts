import { addDays, daysBetween, isoDate, type Clock } from '../core/platform/clock';
import type { EncodedText } from './encoding';
import type { ClaimedPage, PublicPagesRepository } from './repository';

/** A page as made for one day, and the first day it may differ (a coupon's or the year's edge, or answers). */
export type MadeForDay = EncodedText & { couponIds: number[]; validUntil: string };

export type PageMakerOptions = {
  /** Pages claimed and made at a time (each claim one statement, each page kept in its own). */
  batch: number;
  /** How long a claim holds a page against other instances; after it, a page whose maker died is made again. */
  leaseMs: number;
  /** How soon after a store_changed notification its page is made (notifications meanwhile share the drain). */
  soonMs: number;
};

/** Pages one instance makes side by side. */
const MAKING_AT_ONCE = 4;

export const DEFAULT_PAGE_MAKER: PageMakerOptions = { batch: 50, leaseMs: 60_000, soonMs: 20 };

/**
 * The first day on which a page made for `today` may differ from that day's page, absent any
 * write: the next day a coupon starts or stops showing (`nextCouponEdge`, the sitemap's notion),
 * the days a live coupon's expiry cue turns to "Ends tomorrow" and "Ends today", New Year's Day
 * (the footer's year, and expiry dates written with their year), and tomorrow when shoppers'
 * answers over the window are on the page (a day's answers move its cues the next day).
 */
export function pageValidUntil(params: {
  today: string;
  nextCouponEdge: string | null;
  expirations: readonly (string | null)[];
  hasAnswers: boolean;
}): string {
  const { today } = params;
  const candidates = [`${Number(today.slice(0, 4)) + 1}-01-01`];
  if (params.nextCouponEdge) candidates.push(params.nextCouponEdge);
  if (params.hasAnswers) candidates.push(addDays(today, 1));
  for (const expiry of params.expirations) {
    if (!expiry) continue;
    for (const cue of [addDays(expiry, -1), expiry]) if (daysBetween(today, cue) > 0) candidates.push(cue);
  }
  return candidates.reduce((first, day) => (day < first ? day : first));
}

/**
 * Makes the public pages when they change, so a request only reads them. The pages to make are
 * those whose content version is not the one last made (the triggers bump it on any change to a
 * store, its coupons or its subscription; a migration or the seed leaves every page unmade), and
 * those whose days ended (`requeueEnded`, from the validity each page was made with). Every
 * instance drains them, a store_changed notification starting a drain a moment later and the
 * periodic run catching up on what was missed (an instance down, a failed make, a new day); a
 * claim leases each page to one instance, so no two make the same page. A page is labelled with
 * the version claimed, read before its content, so it is never newer-labelled than its content:
 * a change meanwhile leaves the page to be made again.
 */
export function pageMaker(deps: {
  repo: Pick<PublicPagesRepository, 'claimUnmade' | 'keepMade' | 'requeueEnded'>;
  clock: Clock;
  /** The store's page for `today`, or undefined when it is not live (or gone). */
  make: (storeId: number, today: string) => Promise<MadeForDay | undefined>;
  options: PageMakerOptions;
  onError: (error: unknown) => void;
}) {
  const { batch, leaseMs, soonMs } = deps.options;
  let draining: Promise<number> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let made = 0;

  async function makeOne(claim: ClaimedPage, today: string): Promise<void> {
    try {
      const page = await deps.make(claim.storeId, today);
      await deps.repo.keepMade(
        claim.storeId,
        claim.version,
        page && {
          madeFor: today,
          validUntil: page.validUntil,
          etag: page.etag,
          br: page.bodies.br,
          gzip: page.bodies.gzip,
          couponIds: page.couponIds,
          madeAt: deps.clock.now(),
        },
      );
      made += 1;
    } catch (error) {
      // Its lease holds: the page is tried again once it ends, by the periodic run (requests render it meanwhile).
      deps.onError(error);
    }
  }

  /** Claims and makes pages, batch after batch, until none is left to this instance. */
  async function drainAll(): Promise<number> {
    let count = 0;
    for (;;) {
      const now = deps.clock.now();
      const claims = await deps.repo.claimUnmade(batch, now, new Date(now.getTime() + leaseMs));
      const today = isoDate(now);
      // A few at a time: one page's reads and compression overlap another's rendering, and the
      // database pool keeps connections for the requests.
      const queue = [...claims];
      await Promise.all(
        Array.from({ length: Math.min(MAKING_AT_ONCE, queue.length) }, async () => {
          for (let claim = queue.shift(); claim; claim = queue.shift()) await makeOne(claim, today);
        }),
      );
      count += claims.length;
      if (claims.length < batch || stopped) return count;
    }
  }

  /** One drain at a time on this instance; a drain asked for while one runs follows it. */
  function drain(): Promise<number> {
    if (draining) {
      again = true;
      return draining;
    }
    const run = (async () => {
      let count = 0;
      do {
        again = false;
        count += await drainAll();
      } while (again && !stopped);
      return count;
    })();
    draining = run;
    void run.finally(() => {
      if (draining === run) draining = undefined;
    }).catch(() => undefined);
    return run;
  }

  return {
    /** Makes the pages whose days ended and every page not made yet; answers how many were made or cleared. */
    async makeDue(): Promise<number> {
      await deps.repo.requeueEnded(isoDate(deps.clock.now()));
      return drain();
    },
    /** A store changed: its page (and any other waiting) is made a moment from now. */
    soon(): void {
      if (timer || stopped) return;
      timer = setTimeout(() => {
        timer = undefined;
        drain().catch(deps.onError);
      }, soonMs);
      timer.unref();
    },
    /** Pages made (or cleared, for a store not live) by this instance since start. */
    made: () => made,
    /** Stops making pages; waits for the drain under way. */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      await draining?.catch(() => undefined);
    },
  };
}
export type PageMaker = ReturnType<typeof pageMaker>;
