import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ClientId } from '@cc/config';
import type { OptionalMailKind } from '@cc/contract';
import { addDays, daysBetween, isoDate, type Clock } from '../core/platform/clock';
import type { Db } from '../core/data/db';
import { decodeOfferRow } from '../coupons/offer-row';
import type { OutboxService } from '../mail/service';
import type { NewMail } from '../mail/types';
import { couponExpiredMail, couponExpiringMail } from './coupon-mails';
import { lifecycleMailRepository, type CouponPlace, type CouponRow } from './repository';
import type { UnsubscribeTokens } from './unsubscribe-token';
import { weeklySummaryMail } from './weekly-summary-mail';

/** A coupon is mailed about when at most this many days are left before its last day. */
export const EXPIRING_DAYS = 3;
/** Expired coupons are looked for this far back (an instance down for days still mails them, once). */
export const EXPIRED_LOOKBACK_DAYS = 7;

/** The Monday of the last whole Monday-to-Sunday UTC week before `today`. */
export function lastWeekMonday(today: string): string {
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  return addDays(today, -((weekday + 6) % 7) - 7);
}

/**
 * The most mails one batch of the scan queues, in one short transaction. A scan runs
 * batches until one comes back short, so a backlog (the first start on a full database:
 * tens of thousands of mails) goes out as a series of small transactions with bounded
 * memory, and requests are served between them.
 */
export const MAIL_SCAN_BATCH = 500;

/**
 * After a full batch a scan rests this many times as long as the batch took, so a backlog
 * takes at most an eighth of the time (of this instance and of the database, where most of a
 * batch's work is) and requests keep the rest: the first start on a full database (about 120
 * batches of 0.4 to 2 s at 100,000 stores) drains over about a quarter of an hour beside the
 * requests instead of in one burst. With 3 (a quarter), first starts at 100,000 stores still
 * missed one target or another from run to run on a 2-core machine (docs/performance.md).
 */
export const MAIL_SCAN_REST_SHARE = 7;

/**
 * The rest after a full batch that took `batchMs`: MAIL_SCAN_REST_SHARE times as long, ended
 * at once when `signal` aborts (the app is closing). The timer does not hold the process open.
 */
export async function restAfterBatch(batchMs: number, signal?: AbortSignal): Promise<void> {
  try {
    await sleep(batchMs * MAIL_SCAN_REST_SHARE, undefined, {
      ref: false,
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (!signal?.aborted) throw error;
  }
}

/**
 * Where a run of batches has got to in each query's order. The next batch of the run
 * starts after it, so it never walks again over rows earlier batches read; a row that
 * became due behind it meanwhile is found by the next run, which starts from the top.
 */
export type ScanCursor = { expiring?: CouponPlace; expired?: CouponPlace; weeklyStoreId?: number };

/** What one batch did: the mails it queued, whether it filled its limit (more may be due), and where it stopped. */
export type ScanBatch = { queued: number; isFull: boolean; cursor: ScanCursor };

/**
 * The periodic scan behind the coupon and weekly-summary mails: coupons about to
 * expire, coupons that expired, and last week's summary for stores that asked for it.
 * Every instance runs it, batch by batch: a transaction-scoped advisory lock lets one
 * batch run at a time (an instance that finds it taken leaves the scan to the holder),
 * and each mail's event key in mail_events, inserted in the transaction that queues it,
 * makes a second mail for the same event impossible; the queries leave out keys
 * already there, so a batch never answers again what an earlier one mailed.
 * "Today" is the UTC day of the app's clock.
 */
export function lifecycleScanner(deps: {
  db: Db;
  clock: Clock;
  brandOrigins: Record<ClientId, string>;
  tokens: UnsubscribeTokens;
  /** The outbox the mails are queued in, in the transaction that claims their events. */
  outbox: Pick<OutboxService, 'enqueue'>;
  /** Mails per batch; MAIL_SCAN_BATCH unless a test wants a small backlog to span batches. */
  batchSize?: number;
  /** The rest after a full batch (restAfterBatch unless a test watches the rests). */
  rest?: (batchMs: number, signal?: AbortSignal) => Promise<void>;
}) {
  const repo = lifecycleMailRepository(deps.db);
  const { outbox } = deps;
  const batchSize = deps.batchSize ?? MAIL_SCAN_BATCH;
  const rest = deps.rest ?? restAfterBatch;

  const unsubscribeUrl = (origin: string, storeId: number, kind: OptionalMailKind) =>
    `${origin}/api/v1/mail/unsubscribe?token=${encodeURIComponent(deps.tokens.sign({ storeId, kind }))}`;

  /**
   * Queues at most `batchSize` mails in one transaction: expiring coupons first, then
   * expired ones, then weekly summaries, each query asking only for what the batch has
   * room left for; the batch's event keys are claimed in one statement and a mail is
   * composed and queued for each key claimed. Starts after `from` (the previous batch's
   * cursor) within a run. Queues nothing while another instance holds the lock.
   */
  async function runBatch(from: ScanCursor = {}): Promise<ScanBatch> {
    const now = deps.clock.now();
    const today = isoDate(now);
    return deps.db.transaction(async (tx) => {
      if (!(await repo.tryScanLock(tx))) return { queued: 0, isFull: false, cursor: from };
      const cursor = { ...from };
      let queued = 0;
      // Rows read, claimed or not: a batch that read its limit may have left some behind.
      let read = 0;
      const room = () => batchSize - read;
      /** Claims the rows' keys, then queues the mail of each row whose key this batch claimed. */
      const queueAll = async <Row extends { eventKey: string }>(
        rows: Row[],
        mailOf: (row: Row) => NewMail | Promise<NewMail>,
      ) => {
        read += rows.length;
        const claimed = await repo.claimAll(
          rows.map((row) => row.eventKey),
          now,
          tx,
        );
        for (const row of rows) {
          // Taken out as it is used, so a key is queued once even if a row came twice.
          if (!claimed.delete(row.eventKey)) continue;
          await outbox.enqueue(await mailOf(row), now, tx);
          queued += 1;
        }
      };
      const target = (
        row: { client: ClientId; storeId: number; email: string; storeName: string },
        kind: OptionalMailKind,
      ) => {
        const { client } = row;
        const origin = deps.brandOrigins[client];
        return {
          client,
          origin,
          to: row.email,
          storeName: row.storeName,
          unsubscribeUrl: unsubscribeUrl(origin, row.storeId, kind),
        };
      };

      const couponOf = (row: CouponRow) => {
        const offer = decodeOfferRow(row);
        return {
          couponId: row.couponId,
          couponTitle: offer.title || row.description,
          expirationDate: offer.expiresOn ?? today,
        };
      };

      /** The place of the last of `rows`, or `place` when there are none. */
      const lastPlace = (rows: CouponRow[], place: CouponPlace | undefined) => {
        const last = rows.at(-1);
        return last?.expirationDate
          ? { expirationDate: last.expirationDate, couponId: last.couponId }
          : place;
      };

      const lastDay = addDays(today, EXPIRING_DAYS);
      const expiring = await repo.expiringCoupons(
        { today, lastDay, limit: room(), after: cursor.expiring },
        tx,
      );
      cursor.expiring = lastPlace(expiring, cursor.expiring);
      await queueAll(expiring, (row) => {
        const coupon = couponOf(row);
        return couponExpiringMail({
          ...target(row, 'expiring_coupons'),
          ...coupon,
          daysLeft: daysBetween(today, coupon.expirationDate),
        });
      });
      if (room() > 0) {
        const since = addDays(today, -EXPIRED_LOOKBACK_DAYS);
        const expired = await repo.expiredCoupons(
          { today, since, limit: room(), after: cursor.expired },
          tx,
        );
        cursor.expired = lastPlace(expired, cursor.expired);
        await queueAll(expired, (row) =>
          couponExpiredMail({
            ...target(row, 'expired_coupons'),
            ...couponOf(row),
            liveCount: row.liveCount,
          }),
        );
      }
      if (room() > 0) {
        const monday = lastWeekMonday(today);
        const week = { from: monday, to: addDays(monday, 6) };
        const stores = await repo.weeklySummaryStores(
          { monday, limit: room(), afterStoreId: cursor.weeklyStoreId },
          tx,
        );
        cursor.weeklyStoreId = stores.at(-1)?.storeId ?? cursor.weeklyStoreId;
        await queueAll(stores, async (row) => {
          const counts = await repo.weekCounts(row.storeId, week.from, week.to, tx);
          return weeklySummaryMail({ ...target(row, 'weekly_summary'), week, counts });
        });
      }
      return { queued, isFull: room() === 0, cursor };
    });
  }

  /**
   * Runs batches, each from where the last stopped, until one is not full (nothing left
   * due), another instance holds the lock, or `signal` aborts (the app is closing: the batch
   * under way finishes first, a rest ends at once); rests between full batches
   * (MAIL_SCAN_REST_SHARE). Answers how many mails it queued.
   */
  async function runAll(signal?: AbortSignal): Promise<number> {
    let total = 0;
    let cursor: ScanCursor = {};
    for (;;) {
      const startedAt = performance.now();
      const batch = await runBatch(cursor);
      total += batch.queued;
      if (!batch.isFull || signal?.aborted) return total;
      cursor = batch.cursor;
      await rest(performance.now() - startedAt, signal);
      if (signal?.aborted) return total;
    }
  }

  return { runBatch, runAll };
}
export type LifecycleScanner = ReturnType<typeof lifecycleScanner>;
