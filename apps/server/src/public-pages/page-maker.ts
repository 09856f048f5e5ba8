import { addDays, daysBetween, isoDate, type Clock } from '../core/platform/clock';
import type { EncodedText } from './encoding';
import type { ClaimedPage, PublicPagesRepository } from './repository';

/** A page as made for one day, and the first day it may differ (a coupon's or the year's edge, or answers). */
export type MadeForDay = EncodedText & { couponIds: number[]; validUntil: string };

export type PageMakerOptions = {
  /** Pages claimed, read, made and kept together (a claim, four reads and one transaction for all of them). */
  batch: number;
  /** How long a claim holds a page against other instances; after it, a page whose maker died is made again. */
  leaseMs: number;
  /** How soon after a store_changed notification its page is made (notifications meanwhile share the drain). */
  soonMs: number;
};

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
    for (const cue of [addDays(expiry, -1), expiry])
      if (daysBetween(today, cue) > 0) candidates.push(cue);
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
  /** The stores' pages for `today` by store id; undefined for a store not live (or gone). */
  make: (
    storeIds: readonly number[],
    today: string,
  ) => Promise<Map<number, MadeForDay | undefined>>;
  options: PageMakerOptions;
  onError: (error: unknown) => void;
}) {
  const { batch, leaseMs, soonMs } = deps.options;
  let draining: Promise<number> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let made = 0;

  /** Makes the claimed pages and keeps them; a batch that fails keeps its leases, so it is tried again once they end. */
  async function makeBatch(claims: readonly ClaimedPage[], today: string): Promise<void> {
    try {
      const pages = await deps.make(
        claims.map((claim) => claim.storeId),
        today,
      );
      const madeAt = deps.clock.now();
      await deps.repo.keepMade(
        claims.map(({ storeId, version }) => {
          const page = pages.get(storeId);
          return {
            storeId,
            version,
            page: page && {
              madeFor: today,
              validUntil: page.validUntil,
              etag: page.etag,
              br: page.bodies.br,
              gzip: page.bodies.gzip,
              couponIds: page.couponIds,
              madeAt,
            },
          };
        }),
      );
      made += claims.length;
    } catch (error) {
      // Requests render these pages meanwhile.
      deps.onError(error);
    }
  }

  /** Claims and makes pages, batch after batch, until none is left to this instance. */
  async function drainAll(): Promise<number> {
    let count = 0;
    for (;;) {
      const now = deps.clock.now();
      const claims = await deps.repo.claimUnmade(batch, now, new Date(now.getTime() + leaseMs));
      if (claims.length > 0) await makeBatch(claims, isoDate(now));
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
    void run
      .finally(() => {
        if (draining === run) draining = undefined;
      })
      .catch(() => undefined);
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
