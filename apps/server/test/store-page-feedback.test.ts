import { asc, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { couponFeedback } from '../src/public-pages/schema';
import { call, dayOffset, describeEachDatabase, merchantWithStore } from './helpers';
import { liveStore, staffToken } from './review-fixtures';

const DAY = 24 * 3600 * 1000;

/** A shopper's answer from an address of their own (each address is another visitor). */
function answer(app: FastifyInstance, slug: string, body: unknown, remoteAddress = '127.0.0.1') {
  return app.inject({
    method: 'POST',
    url: `/stores/${slug}/feedback`,
    payload: body as Record<string, unknown>,
    remoteAddress,
    headers: {
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0',
    },
  });
}

/** The answers kept for these coupons (the database is the file's, shared by its tests). */
function answersOf(app: FastifyInstance, couponIds: number[]) {
  return app.db
    .select()
    .from(couponFeedback)
    .where(inArray(couponFeedback.couponId, couponIds))
    .orderBy(asc(couponFeedback.id));
}

describeEachDatabase('"Did this code work?" on the public store page', (ctx) => {
  it('keeps one answer per visitor, coupon and UTC day; another day or another visitor answers again', async () => {
    const { app, clock } = ctx();
    const staff = await staffToken(app);
    const { store, couponIds } = await liveStore(app, staff, [
      { description: 'A', start_date: dayOffset(clock, -10) },
      { description: 'B', start_date: dayOffset(clock, -10) },
    ]);
    const [a, b] = couponIds;
    const first = await answer(app, store.slug, { coupon: a, worked: true });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ counted: true });
    expect(first.headers['cache-control']).toBe('no-store');
    // A second answer the same day, even a changed one, is not kept.
    expect((await answer(app, store.slug, { coupon: a, worked: false })).json()).toEqual({
      counted: false,
    });
    // The same visitor answers for another coupon; another visitor for the same one.
    expect((await answer(app, store.slug, { coupon: b, worked: false })).json()).toEqual({
      counted: true,
    });
    expect(
      (await answer(app, store.slug, { coupon: a, worked: false }, '192.0.2.7')).json(),
    ).toEqual({ counted: true });
    // The next UTC day the same visitor answers again.
    clock.advance(DAY);
    expect((await answer(app, store.slug, { coupon: a, worked: false })).json()).toEqual({
      counted: true,
    });

    const rows = await answersOf(app, couponIds);
    expect(rows.map((row) => [row.couponId, row.day, row.worked])).toEqual([
      [a, dayOffset(clock, -1), true],
      [b, dayOffset(clock, -1), false],
      [a, dayOffset(clock, -1), false],
      [a, dayOffset(clock, 0), false],
    ]);
    // No visitor data in the answers; each carries the app clock's time.
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual([
      'answeredAt',
      'couponId',
      'day',
      'id',
      'worked',
    ]);
    expect(rows[3]?.answeredAt.toISOString()).toBe(clock.now().toISOString());
  });

  it('takes answers only for live coupons with a code on a live page', async () => {
    const { app, clock } = ctx();
    const staff = await staffToken(app);
    const { store, couponIds } = await liveStore(app, staff, [
      { description: 'Deal', discount_code: '', start_date: dayOffset(clock, -10) },
      { description: 'Soon', start_date: dayOffset(clock, 5) },
    ]);
    const [deal, later] = couponIds;
    const other = await liveStore(app, staff);
    const notLive = await merchantWithStore(app);
    const invalid = { coupon: ['Select a valid choice.'] };

    for (const coupon of [deal, later, other.couponIds[0], 999999]) {
      const response = await answer(app, store.slug, { coupon, worked: true });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(invalid);
    }
    expect(
      (await answer(app, notLive.store.slug, { coupon: other.couponIds[0], worked: true }))
        .statusCode,
    ).toBe(404);
    expect((await answer(app, 'no-such-store', { coupon: deal, worked: true })).statusCode).toBe(
      404,
    );
    expect(await answersOf(app, [...couponIds, ...other.couponIds])).toEqual([]);
  });

  it('answers bad input with DRF-style field errors', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const { store, couponIds } = await liveStore(app, staff);
    const coupon = couponIds[0];
    const missing = await answer(app, store.slug, { coupon });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ worked: [expect.any(String)] });
    const notBoolean = await answer(app, store.slug, { coupon, worked: 'maybe' });
    expect(notBoolean.statusCode).toBe(400);
    expect(Object.keys(notBoolean.json())).toEqual(['worked']);
    const badCoupon = await answer(app, store.slug, { coupon: 'abc', worked: true });
    expect(badCoupon.statusCode).toBe(400);
    expect(Object.keys(badCoupon.json())).toEqual(['coupon']);
    const malformed = await app.inject({
      method: 'POST',
      url: `/stores/${store.slug}/feedback`,
      payload: '{"coupon":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ non_field_errors: ['JSON parse error'] });
    expect(await answersOf(app, couponIds)).toEqual([]);
    // The public page still answers with its own headers (the route is beside it).
    expect((await call(app, 'GET', `/stores/${store.slug}`)).statusCode).toBe(200);
  });
});
