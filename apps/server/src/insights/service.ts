import { CLIENTS, type ClientId } from '@cc/config';
import {
  clickThroughRate,
  couponHeadline,
  decodeOffer,
  type Insights,
  type InsightsCounts,
  type InsightsCsvTable,
  type InsightsWindow,
} from '@cc/contract';
import { addDays, isoDate, type Clock } from '../core/platform/clock';
import type { Db } from '../core/data/db';
import { NotFound } from '../core/http/errors';
import type { CouponService } from '../coupons/service';
import type { StoreService } from '../stores/service';
import type { Caller } from '../core/data/deps';
import type { OwnerRead } from '../core/cache/owner-reads';
import { couponsCsv, dailyCsv, insightsFilename } from './csv';
import { insightsRepository } from './repository';

export type InsightsDeps = {
  db: Db;
  clock: Clock;
  stores: Pick<StoreService, 'findByOwner'>;
  coupons: Pick<CouponService, 'ownCoupons'>;
  /** The store's Insights as this instance holds them, until its coupons or counts change (core/cache/owner-reads.ts). */
  ownerRead: OwnerRead;
};

const zero = (): InsightsCounts => ({ views: 0, reveals: 0, clicks: 0 });

function add(into: InsightsCounts, row: InsightsCounts): void {
  into.views += row.views;
  into.reveals += row.reveals;
  into.clicks += row.clicks;
}

function successRate(counts: { yes: number; no: number } | undefined): number | null {
  const answered = counts ? counts.yes + counts.no : 0;
  return counts && answered > 0 ? counts.yes / answered : null;
}

/** The UTC days from `days - 1` days before `now` up to today, oldest first. */
export function windowDays(now: Date, days: number): string[] {
  const today = isoDate(now);
  return Array.from({ length: days }, (_, i) => addDays(today, i - (days - 1)));
}

/**
 * The Insights screen's figures: the signed-in owner's store only (no store is 404),
 * its daily views, code reveals and clicks over the last 7, 30 or 90 UTC days of the
 * app's clock, and the same per coupon with the click-through rate.
 */
export function insightsService(deps: InsightsDeps) {
  const repo = insightsRepository(deps.db);

  async function ownStore(caller: Caller) {
    const store = await deps.stores.findByOwner(caller.userId);
    if (!store) throw new NotFound();
    return store;
  }

  /** The window ending today on the app's clock; held per store, window and day. */
  function insightsOf(
    caller: Caller,
    store: { id: number; client: ClientId },
    days: InsightsWindow,
  ): Promise<Insights> {
    const now = deps.clock.now();
    return deps.ownerRead(store.id, `insights:${days}:${isoDate(now)}`, () =>
      readInsights(caller, store, days, now),
    );
  }

  async function readInsights(
    caller: Caller,
    store: { id: number; client: ClientId },
    days: InsightsWindow,
    now: Date,
  ): Promise<Insights> {
    const dayList = windowDays(now, days);
    const from = dayList[0] ?? '';
    const to = dayList[dayList.length - 1] ?? '';
    // The coupons as the owner's coupon list holds them; the counts and answers in one read.
    const [coupons, rows] = await Promise.all([
      deps.coupons.ownCoupons(caller),
      repo.windowRows(store.id, from, to),
    ]);
    const byDay = new Map(dayList.map((day) => [day, zero()]));
    const byCoupon = new Map(coupons.map((coupon) => [coupon.id, zero()]));
    const answers = new Map<number, { yes: number; no: number }>();
    const totals = zero();
    for (const row of rows) {
      if (row.day === null) {
        answers.set(row.couponId, { yes: row.yes, no: row.no });
        continue;
      }
      const day = byDay.get(row.day);
      if (day) add(day, row);
      const coupon = byCoupon.get(row.couponId);
      if (coupon) add(coupon, row);
      add(totals, row);
    }
    const brand = CLIENTS[store.client];
    return {
      days,
      from,
      to,
      totals,
      daily: dayList.map((day) => ({ day, ...(byDay.get(day) ?? zero()) })),
      coupons: coupons.map((coupon) => {
        const counts = byCoupon.get(coupon.id) ?? zero();
        return {
          coupon: coupon.id,
          headline: couponHeadline(decodeOffer(coupon), brand),
          description: coupon.description,
          ...counts,
          ctr: clickThroughRate(counts),
          // Share of "Did this code work?" answers in the window that said Yes; null without answers.
          feedback: successRate(answers.get(coupon.id)),
        };
      }),
    };
  }

  return {
    async forOwner(caller: Caller, days: InsightsWindow): Promise<Insights> {
      return insightsOf(caller, await ownStore(caller), days);
    },

    /** One of the two downloads, named by brand, store, table, window and its last day. */
    async csv(
      caller: Caller,
      days: InsightsWindow,
      table: InsightsCsvTable,
    ): Promise<{ filename: string; body: string }> {
      const store = await ownStore(caller);
      const insights = await insightsOf(caller, store, days);
      return {
        filename: insightsFilename({
          client: store.client,
          storeSlug: store.slug,
          table,
          insights,
        }),
        body: table === 'daily' ? dailyCsv(insights) : couponsCsv(insights),
      };
    },
  };
}
export type InsightsService = ReturnType<typeof insightsService>;
