import { expect, it } from 'vitest';
import type { FailingCouponList } from '@cc/contract/coupon-feedback';
import { call, dayOffset, describeEachDatabase } from './helpers';
import { liveStore, staffToken } from './review-fixtures';

const DAY = 24 * 3600 * 1000;
let address = 0;

describeEachDatabase('review console: coupons whose latest answers are mostly No', (ctx) => {
  /** Answers in order, each from a visitor of its own. */
  async function answers(slug: string, coupon: number | undefined, worked: boolean[]) {
    const { app } = ctx();
    for (const value of worked) {
      address += 1;
      const response = await app.inject({
        method: 'POST',
        url: `/stores/${slug}/feedback`,
        payload: { coupon, worked: value },
        remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
      });
      expect(response.json()).toEqual({ counted: true });
    }
  }
  const many = (count: number, value: boolean) => Array.from({ length: count }, () => value);

  it('is for staff only', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const { token } = await liveStore(app, staff);
    expect((await call(app, 'GET', '/api/v1/review/coupon-feedback/')).statusCode).toBe(401);
    expect((await call(app, 'GET', '/api/v1/review/coupon-feedback/', { token })).statusCode).toBe(
      403,
    );
    const ok = await call(app, 'GET', '/api/v1/review/coupon-feedback/', { token: staff });
    expect(ok.statusCode).toBe(200);
  });

  it('lists live coupons with at least 3 answers whose last 20 are mostly No, with their Yes and No counts', async () => {
    const { app, clock } = ctx();
    const staff = await staffToken(app);
    const from = dayOffset(clock, -10);
    const { store, couponIds } = await liveStore(app, staff, [
      { description: 'Failing lately', discount_code: 'LATE20', start_date: from },
      { description: 'Fixed since', discount_code: 'FIXED', start_date: from },
      { description: 'Tied', discount_code: 'TIE', start_date: from },
      { description: 'Mostly no', discount_code: 'NOPE', start_date: from },
      { description: 'Too few answers', discount_code: 'FEW', start_date: from },
    ]);
    const [late, fixed, tied, nope, few] = couponIds;
    // Older answers drop out once 20 newer ones are in: yesterday's 10 Yes fall behind today's 12 No and 8 Yes.
    clock.advance(-DAY);
    await answers(store.slug, late, many(10, true));
    await answers(store.slug, fixed, many(15, false));
    clock.advance(DAY);
    await answers(store.slug, late, [...many(12, false), ...many(8, true)]);
    await answers(store.slug, fixed, many(20, true));
    await answers(store.slug, tied, [false, true, false, true]);
    await answers(store.slug, nope, [false, false, true]);
    // Two No answers are not yet enough to call a code failing (FEEDBACK_MIN_ANSWERS is 3).
    await answers(store.slug, few, [false, false]);
    // Another store's failing coupon stops being listed once its page is not live.
    const declined = await liveStore(app, staff, [
      { description: 'Gone', discount_code: 'GONE', start_date: from },
    ]);
    await answers(declined.store.slug, declined.couponIds[0], many(3, false));

    const listed = async () =>
      (
        await call(app, 'GET', '/api/v1/review/coupon-feedback/', { token: staff })
      ).json<FailingCouponList>();
    expect((await listed()).count).toBe(3);
    const decline = await call(app, 'POST', `/api/v1/review/stores/${declined.store.id}/decline/`, {
      token: staff,
      body: { reason: 'Codes do not work' },
    });
    expect(decline.statusCode).toBe(200);

    const body = await listed();
    expect(body.count).toBe(2);
    expect(body.results).toEqual([
      {
        store: { id: store.id, name: store.name, slug: store.slug, client: 7 },
        coupon: {
          id: late,
          headline: '20% OFF',
          description: 'Failing lately',
          discount_code: 'LATE20',
        },
        yes: 8,
        no: 12,
      },
      {
        store: { id: store.id, name: store.name, slug: store.slug, client: 7 },
        coupon: { id: nope, headline: '20% OFF', description: 'Mostly no', discount_code: 'NOPE' },
        yes: 1,
        no: 2,
      },
    ]);
    expect(body.results.map((row) => row.coupon.id)).not.toContain(fixed);
    expect(body.results.map((row) => row.coupon.id)).not.toContain(tied);
    expect(body.results.map((row) => row.coupon.id)).not.toContain(few);
  });
});
