import type { Insights, InsightsDay, InsightsWindow } from '@cc/contract';

/** The last day of the sample windows (UTC). */
export const SAMPLE_TO = '2026-03-30';

const DAY_MS = 24 * 60 * 60 * 1000;
const dayBefore = (days: number) =>
  new Date(Date.parse(`${SAMPLE_TO}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

const SAMPLE_COUPONS = [
  {
    coupon: 41,
    headline: '20% OFF',
    description: 'Everything in store, this weekend only',
    share: 0.5,
  },
  {
    coupon: 42,
    headline: 'Free Shipping',
    description: 'On orders over £30, "no code" needed',
    share: 0.3,
  },
  {
    coupon: 43,
    headline: 'UP TO £15 OFF',
    description: 'Garden furniture, barbecues & heaters',
    share: 0.2,
  },
];

/** A store's figures for stories and screen tests: a weekly rhythm, a quiet spell, every count whole. */
export function sampleInsights(days: InsightsWindow = 30): Insights {
  const daily: InsightsDay[] = Array.from({ length: days }, (_, i) => {
    const daysAgo = days - 1 - i;
    const views =
      daysAgo >= 9 && daysAgo <= 11
        ? 0
        : 18 + Math.round(9 * Math.sin(i / 1.2)) + (i % 7 === 5 ? 14 : 0);
    const reveals = Math.round(views * 0.35);
    return { day: dayBefore(daysAgo), views, reveals, clicks: Math.round(reveals * 0.6) };
  });
  const totals = daily.reduce(
    (sum, d) => ({
      views: sum.views + d.views,
      reveals: sum.reveals + d.reveals,
      clicks: sum.clicks + d.clicks,
    }),
    { views: 0, reveals: 0, clicks: 0 },
  );
  const part = (count: number, share: number, first: boolean) =>
    first
      ? count - SAMPLE_COUPONS.slice(1).reduce((sum, c) => sum + Math.round(count * c.share), 0)
      : Math.round(count * share);
  return {
    days,
    from: dayBefore(days - 1),
    to: SAMPLE_TO,
    totals,
    daily,
    coupons: SAMPLE_COUPONS.map(({ share, ...coupon }, index) => {
      const views = part(totals.views, share, index === 0);
      const clicks = part(totals.clicks, share, index === 0);
      return {
        ...coupon,
        views,
        reveals: part(totals.reveals, share, index === 0),
        clicks,
        ctr: views > 0 ? clicks / views : null,
        feedback: null,
      };
    }),
  };
}

/** A live store nobody has visited in the window: every day zero. */
export function emptyInsights(days: InsightsWindow = 30): Insights {
  const sample = sampleInsights(days);
  const zero = { views: 0, reveals: 0, clicks: 0 };
  return {
    ...sample,
    totals: zero,
    daily: sample.daily.map((d) => ({ day: d.day, ...zero })),
    coupons: sample.coupons.map((c) => ({ ...c, ...zero, ctr: null })),
  };
}
