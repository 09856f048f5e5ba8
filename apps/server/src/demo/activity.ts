import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { ClientId } from '@cc/config';
import { addDays, DAY_MS, daysBetween, isoDate, type Clock } from '../core/platform/clock';
import type { Db } from '../core/data/db';
import { coupons } from '../coupons/schema';
import { couponDailyStats, couponFeedback } from '../public-pages/schema';

/** Days of shopper activity the demo shows: the Insights screen's longest window. */
export const DEMO_ACTIVITY_DAYS = 90;
/** Shoppers by weekday, Sunday first: busiest at the weekend. */
const WEEKDAY_SHARE = [1.3, 0.85, 0.9, 0.95, 1, 1.15, 1.35];
const ROWS_PER_INSERT = 500;

/** A number in [0, 1) made from `parts` alone (FNV-1a, then mixed): the demo looks the same on every run. */
export function demoNoise(...parts: (string | number)[]): number {
  let hash = 0x811c9dc5;
  for (const char of parts.join('|')) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0x5bd1e995);
  hash ^= hash >>> 15;
  return (hash >>> 0) / 2 ** 32;
}

export type DayCounts = { views: number; reveals: number; clicks: number };

/**
 * One coupon's counts on one day: a steady audience per coupon, growing over the
 * window, busier at weekends, with some noise. Shoppers reveal a code on about a
 * third of views and most of them click through; a deal without a code has clicks
 * only. `dayShare` is the part of the day gone (today's row).
 */
export function demoDayCounts(params: {
  key: string;
  day: string;
  daysAgo: number;
  hasCode: boolean;
  dayShare: number;
}): DayCounts {
  const { key, day } = params;
  const audience = 30 + demoNoise(key, 'audience') * 130;
  const growth = 1 + 0.3 * (1 - params.daysAgo / DEMO_ACTIVITY_DAYS);
  const weekday = WEEKDAY_SHARE[new Date(`${day}T00:00:00Z`).getUTCDay()] ?? 1;
  const jitter = 0.75 + 0.5 * demoNoise(key, day, 'views');
  const views = Math.round(audience * growth * weekday * jitter * params.dayShare);
  if (!params.hasCode) {
    const clicks = Math.round(views * (0.08 + 0.08 * demoNoise(key, day, 'clicks')));
    return { views, reveals: 0, clicks: Math.min(clicks, Math.max(views - 1, 0)) };
  }
  const revealRate =
    (0.25 + 0.15 * demoNoise(key, 'reveals')) * (0.85 + 0.3 * demoNoise(key, day, 'reveals'));
  const reveals = Math.min(Math.round(views * revealRate), Math.max(views - 1, 0));
  const clicks = Math.min(
    Math.round(reveals * (0.55 + 0.2 * demoNoise(key, day, 'clicks'))),
    Math.max(reveals - 1, 0),
  );
  return { views, reveals, clicks };
}

/** Answers to "Did this code work?" on a day: a few per hundred clicks, most of them yes. */
export function demoAnswers(key: string, day: string, clicks: number): boolean[] {
  const count = Math.round(clicks * 0.1 * (0.5 + demoNoise(key, day, 'answers')));
  const success = 0.7 + 0.25 * demoNoise(key, 'success');
  return Array.from(
    { length: count },
    (_, index) => demoNoise(key, day, index, 'worked') < success,
  );
}

async function insertInChunks<T>(
  rows: T[],
  insert: (chunk: T[]) => Promise<unknown>,
): Promise<void> {
  for (let from = 0; from < rows.length; from += ROWS_PER_INSERT)
    await insert(rows.slice(from, from + ROWS_PER_INSERT));
}

/**
 * Fills the store's daily counter rows (coupon_daily_stats) over the last 90 UTC
 * days up to today, for each coupon from the day it started (and was added, and the
 * page was live from `liveFrom`) to the day it ends, and shoppers' answers on the
 * days before today for coupons with a code. A day's counts are only ever raised and
 * a day with any answer keeps its answers, so running it again on the same clock
 * changes nothing and on a later day adds the days since.
 */
export async function fillDemoActivity(
  db: Db,
  params: { storeId: number; client: ClientId; liveFrom: Date; clock: Clock },
): Promise<void> {
  const now = params.clock.now();
  const today = isoDate(now);
  const first = addDays(today, 1 - DEMO_ACTIVITY_DAYS);
  const todayShare = (now.getTime() - Date.parse(`${today}T00:00:00Z`)) / DAY_MS;
  const rows = await db
    .select()
    .from(coupons)
    .where(eq(coupons.storeId, params.storeId))
    .orderBy(asc(coupons.sortNumber), asc(coupons.id));
  const stats: (typeof couponDailyStats.$inferInsert)[] = [];
  const answers: (typeof couponFeedback.$inferInsert)[] = [];
  const answered = await answeredDays(
    db,
    rows.map((row) => row.id),
    first,
  );
  for (const coupon of rows) {
    const key = `${params.client}:${coupon.sortNumber}`;
    const hasCode = coupon.discountCode.trim() !== '';
    const from = [
      first,
      coupon.startDate ?? first,
      isoDate(coupon.createdAt),
      isoDate(params.liveFrom),
    ].reduce((a, b) => (a > b ? a : b));
    const to =
      coupon.expirationDate !== null && coupon.expirationDate < today
        ? coupon.expirationDate
        : today;
    for (let day = from; day <= to; day = addDays(day, 1)) {
      const daysAgo = daysBetween(day, today);
      const counts = demoDayCounts({
        key,
        day,
        daysAgo,
        hasCode,
        dayShare: day === today ? todayShare : 1,
      });
      if (counts.views > 0) stats.push({ couponId: coupon.id, day, ...counts });
      if (!hasCode || day === today || answered.has(`${coupon.id}:${day}`)) continue;
      const dayStart = Date.parse(`${day}T08:00:00Z`);
      demoAnswers(key, day, counts.clicks).forEach((worked, index, all) => {
        const answeredAt = new Date(
          dayStart + Math.floor(((index + 0.5) * 14 * 60 * 60 * 1000) / all.length),
        );
        answers.push({ couponId: coupon.id, day, worked, answeredAt });
      });
    }
  }
  await db.transaction(async (tx) => {
    // A day counted only in part (the last run's today) is raised to the whole day; counts never go down.
    const raise = (column: 'views' | 'reveals' | 'clicks') =>
      sql.raw(`greatest(coupon_daily_stats.${column}, excluded.${column})`);
    await insertInChunks(stats, (chunk) =>
      tx
        .insert(couponDailyStats)
        .values(chunk)
        .onConflictDoUpdate({
          target: [couponDailyStats.couponId, couponDailyStats.day],
          set: { views: raise('views'), reveals: raise('reveals'), clicks: raise('clicks') },
        }),
    );
    await insertInChunks(answers, (chunk) => tx.insert(couponFeedback).values(chunk));
  });
}

/** `couponId:day` of the days from `first` on that already have answers. */
async function answeredDays(db: Db, couponIds: number[], first: string): Promise<Set<string>> {
  if (couponIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ couponId: couponFeedback.couponId, day: couponFeedback.day })
    .from(couponFeedback)
    .where(and(inArray(couponFeedback.couponId, couponIds), gte(couponFeedback.day, first)));
  return new Set(rows.map((row) => `${row.couponId}:${row.day}`));
}
