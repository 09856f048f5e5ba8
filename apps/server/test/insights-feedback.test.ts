import { expect, it } from 'vitest';
import type { Insights } from '@cc/contract';
import { call, dayOffset, describeEachDatabase } from './helpers';
import { liveStore, staffToken } from './review-fixtures';

const DAY = 24 * 3600 * 1000;

describeEachDatabase('Insights: the success rate of "Did this code work?" per coupon', (ctx) => {
  it('is the share of Yes among the answers in the window, null without answers', async () => {
    const { app, clock } = ctx();
    const staff = await staffToken(app);
    const from = dayOffset(clock, -20);
    const { token, store, couponIds } = await liveStore(app, staff, [
      { description: 'Answered', start_date: from },
      { description: 'Not answered', start_date: from },
    ]);
    const [answered, quiet] = couponIds;
    const answer = (worked: boolean, address: string) =>
      app.inject({
        method: 'POST',
        url: `/stores/${store.slug}/feedback`,
        payload: { coupon: answered, worked },
        remoteAddress: address,
      });
    // Ten days ago a No; today three Yes and one No.
    clock.advance(-10 * DAY);
    try {
      await answer(false, '203.0.113.1');
    } finally {
      clock.advance(10 * DAY);
    }
    for (const [index, worked] of [true, true, true, false].entries())
      await answer(worked, `203.0.113.${index + 2}`);

    const feedbackOf = async (days: number) => {
      const response = await call(app, 'GET', '/api/v1/insights/', {
        token,
        query: { days: String(days) },
      });
      expect(response.statusCode).toBe(200);
      return response.json<Insights>().coupons.map((row) => [row.coupon, row.feedback]);
    };
    expect(await feedbackOf(7)).toEqual([
      [answered, 0.75],
      [quiet, null],
    ]);
    expect(await feedbackOf(30)).toEqual([
      [answered, 0.6],
      [quiet, null],
    ]);
  });
});
