import { describe, expect, it } from 'vitest';
import { clickThroughRate, formatRate } from './figures';

describe('insights rates', () => {
  it('is clicks per view, and none without views', () => {
    expect(clickThroughRate({ views: 4, clicks: 1 })).toBe(0.25);
    expect(clickThroughRate({ views: 0, clicks: 2 })).toBeNull();
  });

  it('writes a rate as a percentage to one decimal, without a trailing .0', () => {
    expect(formatRate(0.25)).toBe('25%');
    expect(formatRate(1 / 3)).toBe('33.3%');
    expect(formatRate(2 / 3)).toBe('66.7%');
    expect(formatRate(1)).toBe('100%');
    expect(formatRate(0)).toBe('0%');
    expect(formatRate(0.0005)).toBe('0.1%');
  });
});
