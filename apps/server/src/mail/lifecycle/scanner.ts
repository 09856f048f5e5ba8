import { isClientId, type ClientId } from '@cc/config';
import type { OptionalMailKind } from '@cc/contract';
import { addDays, daysBetween, isoDate, type Clock } from '../../core/clock';
import type { Db } from '../../core/db';
import { outboxRepository, type NewMail } from '../repository';
import { couponExpiredMail, couponExpiringMail } from './coupon-mails';
import { lifecycleMailRepository, type CouponRow } from './repository';
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
 * The periodic scan behind the coupon and weekly-summary mails: coupons about to
 * expire, coupons that expired, and last week's summary for stores that asked for it.
 * Every instance runs it; a transaction-scoped advisory lock lets one scan at a time
 * (the others skip that round), and each mail's event key in mail_events, inserted in
 * the transaction that queues it, makes a second mail for the same event impossible.
 * "Today" is the UTC day of the app's clock.
 */
export function lifecycleScanner(deps: {
  db: Db;
  clock: Clock;
  brandOrigins: Record<ClientId, string>;
  tokens: UnsubscribeTokens;
}) {
  const repo = lifecycleMailRepository(deps.db);
  const outbox = outboxRepository(deps.db);

  const unsubscribeUrl = (origin: string, storeId: number, kind: OptionalMailKind) =>
    `${origin}/api/v1/mail/unsubscribe?token=${encodeURIComponent(deps.tokens.sign({ storeId, kind }))}`;

  /** Runs one scan; answers how many mails it queued (0 when another instance is scanning). */
  async function runOnce(): Promise<number> {
    const now = deps.clock.now();
    const today = isoDate(now);
    return deps.db.transaction(async (tx) => {
      if (!(await repo.tryScanLock(tx))) return 0;
      let queued = 0;
      const queue = async (key: string, mail: NewMail) => {
        if (!(await repo.claim(key, now, tx))) return;
        await outbox.enqueue(mail, now, tx);
        queued += 1;
      };
      const target = (
        row: { client: number; storeId: number; email: string; storeName: string },
        kind: OptionalMailKind,
      ) => {
        const client: ClientId = isClientId(row.client) ? row.client : 7;
        const origin = deps.brandOrigins[client];
        return {
          client,
          origin,
          to: row.email,
          storeName: row.storeName,
          unsubscribeUrl: unsubscribeUrl(origin, row.storeId, kind),
        };
      };

      const couponOf = (row: CouponRow) => ({
        couponId: row.couponId,
        couponTitle: row.title || row.description,
        expirationDate: row.expirationDate ?? today,
      });

      for (const row of await repo.expiringCoupons(today, addDays(today, EXPIRING_DAYS), tx)) {
        const coupon = couponOf(row);
        const mail = couponExpiringMail({
          ...target(row, 'expiring_coupons'),
          ...coupon,
          daysLeft: daysBetween(today, coupon.expirationDate),
        });
        await queue(`coupon_expiring:${row.couponId}:${coupon.expirationDate}`, mail);
      }
      const since = addDays(today, -EXPIRED_LOOKBACK_DAYS);
      for (const row of await repo.expiredCoupons(today, since, tx)) {
        const coupon = couponOf(row);
        const mail = couponExpiredMail({
          ...target(row, 'expired_coupons'),
          ...coupon,
          liveCount: row.liveCount,
        });
        await queue(`coupon_expired:${row.couponId}:${coupon.expirationDate}`, mail);
      }
      const monday = lastWeekMonday(today);
      const week = { from: monday, to: addDays(monday, 6) };
      for (const row of await repo.weeklySummaryStores(week.from, tx)) {
        const counts = await repo.weekCounts(row.storeId, week.from, week.to, tx);
        await queue(
          `weekly_summary:${row.storeId}:${week.from}`,
          weeklySummaryMail({ ...target(row, 'weekly_summary'), week, counts }),
        );
      }
      return queued;
    });
  }

  return { runOnce };
}
export type LifecycleScanner = ReturnType<typeof lifecycleScanner>;
