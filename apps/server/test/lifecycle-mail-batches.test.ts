import { expect, it } from 'vitest';
import { lifecycleScanner, MAIL_SCAN_BATCH, restAfterBatch } from '../src/lifecycle-mail/scanner';
import { unsubscribeTokens } from '../src/lifecycle-mail/unsubscribe-token';
import type { OutboxRow } from '../src/mail/repository';
import { call, dayOffset, describeEachDatabase, testEnv, type TestContext } from './helpers';
import { mailsTo } from './lifecycle-mail-fixtures';
import { liveStore, staffToken } from './review-fixtures';

const DAY = 24 * 60 * 60 * 1000;
/** Small batches, so a handful of coupons spans several of them. */
const BATCH = 2;

/** A scanner as the app builds it, on the suite's database and clock, with batches of `batchSize`. */
function scannerOf(
  ctx: TestContext,
  batchSize = BATCH,
  rest?: (batchMs: number, signal?: AbortSignal) => Promise<void>,
) {
  const env = testEnv();
  return lifecycleScanner({
    db: ctx.database.db,
    clock: ctx.clock,
    brandOrigins: env.brandOrigins,
    tokens: unsubscribeTokens(env.jwtSecret),
    outbox: ctx.app.outbox,
    batchSize,
    ...(rest ? { rest } : {}),
  });
}

/** The coupon ids that `mails` are about (each links to its coupon, or names it in the key). */
const couponIdsOf = (mails: OutboxRow[]) =>
  mails.map((mail) => Number(mail.textBody.match(/\/coupons\/(\d+)/)?.[1])).sort((a, b) => a - b);

describeEachDatabase('lifecycle mail scan in bounded batches', (ctx) => {
  const ownerEmail = async (token: string) =>
    (await call(ctx().app, 'GET', '/api/v1/auth/me/', { token })).json<{ email: string }>().email;

  /** A live store with `count` coupons expiring within the next 3 days, and its owner's email. */
  const storeExpiringSoon = async (count: number) => {
    const { app, clock } = ctx();
    const staff = await staffToken(app);
    const ends = Array.from({ length: count }, (_, index) => ({
      expiration_date: dayOffset(clock, 1 + (index % 3)),
    }));
    const store = await liveStore(app, staff, ends);
    return { ...store, email: await ownerEmail(store.token) };
  };

  it('queues at most 500 mails a batch unless told otherwise', () => {
    expect(MAIL_SCAN_BATCH).toBe(500);
  });

  it('coupons that expired while no scan ran are mailed once each, across batches, then expiring ones', async () => {
    const { app, clock } = ctx();
    const { couponIds, email } = await storeExpiringSoon(3);
    // Down for 4 days: the 3 coupons expired unmailed (their expiring mails never went out).
    // First in the file, so no other test's coupons have expired yet.
    clock.advance(4 * DAY);
    try {
      const late = await storeExpiringSoon(1);
      const scanner = scannerOf(ctx());
      // Expiring coupons come first in a batch; the expired ones fill the room left.
      expect(await scanner.runBatch()).toMatchObject({ queued: 2, isFull: true });
      expect(await mailsTo(app, late.email, 'coupon_expiring')).toHaveLength(1);
      expect(await scanner.runAll()).toBe(2);
      expect(await scanner.runAll()).toBe(0);
      const expired = await mailsTo(app, email, 'coupon_expired');
      expect(expired).toHaveLength(couponIds.length);
      for (const mail of expired) expect(mail.subject).toMatch(/has expired$/);
      expect(await mailsTo(app, email, 'coupon_expiring')).toEqual([]);
    } finally {
      clock.advance(-4 * DAY);
      // Back on today those 3 coupons are due as expiring: mailed here, so the next test starts with nothing due.
      await app.mailScan.run();
    }
  });

  it('with more mails due than a batch holds, each batch queues its limit, the next ones the rest, each coupon once', async () => {
    const { app } = ctx();
    const { couponIds, email } = await storeExpiringSoon(5);
    // A store that turned expiring-coupon mail off: its coupons fill no batch.
    const optedOut = await storeExpiringSoon(3);
    const off = await call(app, 'PUT', '/api/v1/mail-preferences/', {
      token: optedOut.token,
      body: { expiring_coupons: false },
    });
    expect(off.statusCode).toBe(200);

    const scanner = scannerOf(ctx());
    expect(await scanner.runBatch()).toMatchObject({ queued: 2, isFull: true });
    expect(await mailsTo(app, email, 'coupon_expiring')).toHaveLength(2);
    expect(await scanner.runBatch()).toMatchObject({ queued: 2, isFull: true });
    expect(await scanner.runBatch()).toMatchObject({ queued: 1, isFull: false });
    expect(await scanner.runBatch()).toMatchObject({ queued: 0, isFull: false });
    await app.mailScan.run();

    const mails = await mailsTo(app, email, 'coupon_expiring');
    expect(couponIdsOf(mails)).toEqual([...couponIds].sort((a, b) => a - b));
    expect(await mailsTo(app, optedOut.email, 'coupon_expiring')).toEqual([]);
  });

  it('a scan runs batch after batch until nothing is left due, without waiting for the next hour', async () => {
    const { app } = ctx();
    const { couponIds, email, token } = await storeExpiringSoon(5);
    const on = await call(app, 'PUT', '/api/v1/mail-preferences/', {
      token,
      body: { weekly_summary: true },
    });
    expect(on.statusCode).toBe(200);
    const scanner = scannerOf(ctx());
    // 5 expiring coupons and last week's summary: 3 full batches of 2, then one that finds nothing.
    expect(await scanner.runAll()).toBe(6);
    expect(await scanner.runAll()).toBe(0);
    expect(await app.mailScan.run()).toBe(0);
    const mails = await mailsTo(app, email, 'coupon_expiring');
    expect(couponIdsOf(mails)).toEqual([...couponIds].sort((a, b) => a - b));
    expect(await mailsTo(app, email, 'weekly_summary')).toHaveLength(1);
  });

  it('a scan stops after the batch under way once the app starts closing, and the next scan goes on', async () => {
    const { app } = ctx();
    const { email } = await storeExpiringSoon(5);
    const scanner = scannerOf(ctx());
    const closing = new AbortController();
    closing.abort();
    expect(await scanner.runAll(closing.signal)).toBe(2);
    expect(await mailsTo(app, email, 'coupon_expiring')).toHaveLength(2);
    expect(await scanner.runAll()).toBe(3);
    expect(await mailsTo(app, email, 'coupon_expiring')).toHaveLength(5);
  });

  it('a scan rests after each full batch, not after the last one, and closing the app ends a rest and the scan', async () => {
    const { app } = ctx();
    const { email } = await storeExpiringSoon(5);
    const rests: number[] = [];
    const closing = new AbortController();
    const watched = scannerOf(ctx(), BATCH, async (batchMs, signal) => {
      rests.push(batchMs);
      if (rests.length < 2) return;
      // A rest of a minute, under way when the app starts closing: it ends there.
      const resting = restAfterBatch(60_000, signal);
      closing.abort();
      await resting;
    });
    // 5 due, batches of 2: full, rest, full, rest (closing starts) -> the third batch never runs.
    expect(await watched.runAll(closing.signal)).toBe(4);
    expect(rests).toHaveLength(2);
    expect(rests.every((ms) => ms > 0)).toBe(true);
    expect(await mailsTo(app, email, 'coupon_expiring')).toHaveLength(4);

    const counted: number[] = [];
    const next = scannerOf(ctx(), BATCH, async (batchMs) => {
      counted.push(batchMs);
    });
    // The one mail left: a batch that is not full, so no rest.
    expect(await next.runAll()).toBe(1);
    expect(counted).toEqual([]);
  });

  it('two instances draining at once queue every mail exactly once', async () => {
    const { app } = ctx();
    const stores = [await storeExpiringSoon(4), await storeExpiringSoon(3)];
    const [first, second] = [scannerOf(ctx()), scannerOf(ctx())];
    const queued = await Promise.all([first.runAll(), second.runAll(), first.runAll()]);
    const rest = await second.runAll();
    expect(queued.reduce((sum, count) => sum + count, rest)).toBe(7);
    for (const store of stores) {
      const mails = await mailsTo(app, store.email, 'coupon_expiring');
      expect(couponIdsOf(mails)).toEqual([...store.couponIds].sort((a, b) => a - b));
    }
  });
});
