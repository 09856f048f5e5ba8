import { describe, expect, it } from 'vitest';
import { pageValidUntil } from '../src/public-pages/page-maker';

describe('the days a made store page holds for', () => {
  const today = '2026-06-10';
  const until = (over: Partial<Parameters<typeof pageValidUntil>[0]> = {}) =>
    pageValidUntil({ today, nextCouponEdge: null, expirations: [], hasAnswers: false, ...over });

  it("holds until New Year's Day (the footer's year) when nothing on the page moves before", () => {
    expect(until()).toBe('2027-01-01');
    expect(until({ expirations: [null] })).toBe('2027-01-01');
  });

  it('ends on the day a coupon starts or stops showing', () => {
    expect(until({ nextCouponEdge: '2026-06-20' })).toBe('2026-06-20');
  });

  it('ends when a coupon\'s expiry cue turns to "Ends tomorrow", then to "Ends today"', () => {
    expect(until({ expirations: ['2026-06-30'] })).toBe('2026-06-29');
    expect(until({ expirations: ['2026-06-11'] })).toBe('2026-06-11');
    // Ending today: the cue holds until the coupon stops showing (the next edge, tomorrow).
    expect(until({ expirations: ['2026-06-10'], nextCouponEdge: '2026-06-11' })).toBe('2026-06-11');
  });

  it("ends tomorrow while shoppers' answers show on the page (a day's answers move its cues the next day)", () => {
    expect(until({ hasAnswers: true, nextCouponEdge: '2026-06-20' })).toBe('2026-06-11');
  });

  it('takes the first of them', () => {
    expect(until({ nextCouponEdge: '2026-07-01', expirations: ['2026-08-01', '2026-06-15'] })).toBe(
      '2026-06-14',
    );
    expect(
      pageValidUntil({
        today: '2026-12-30',
        nextCouponEdge: '2027-01-05',
        expirations: [],
        hasAnswers: false,
      }),
    ).toBe('2027-01-01');
  });
});
