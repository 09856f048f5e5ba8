import { describe, expect, it } from 'vitest';
import { formatUnixDate, nextBillingDate } from './dates';

// Fixed calendar days at 12:00 UTC, written out as Unix seconds and as the day shown: the expected
// day is never worked out with a date library, so a month-end rule that slips shows here.
describe('the next billing date when the server reports no period end: the start plus one month', () => {
  it.each([
    [1_801_396_800, '2027-01-31', '2027-02-28'],
    [1_832_932_800, '2028-01-31', '2028-02-29'],
    [1_832_846_400, '2028-01-30', '2028-02-29'],
    [1_835_438_400, '2028-02-29', '2028-03-29'],
    [1_806_494_400, '2027-03-31', '2027-04-30'],
    [1_819_713_600, '2027-08-31', '2027-09-30'],
    [1_830_254_400, '2027-12-31', '2028-01-31'],
    [1_800_014_400, '2027-01-15', '2027-02-15'],
  ])('started %i (%s): next billed on %s', (start, startDay, next) => {
    expect(formatUnixDate(start)).toBe(startDay);
    expect(nextBillingDate({ start_date: start, current_period_end: null })).toBe(next);
  });
});

describe('the next billing date when the server reports the period end', () => {
  it.each([
    [1_835_438_400, '2028-02-29'],
    [1_864_555_200, '2029-01-31'],
  ])('is the period end itself, %i: %s', (periodEnd, day) => {
    expect(nextBillingDate({ start_date: 1_832_932_800, current_period_end: periodEnd })).toBe(day);
  });
});
