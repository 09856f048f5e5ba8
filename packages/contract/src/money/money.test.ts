import { CLIENTS } from '@cc/config';
import { describe, expect, it } from 'vitest';
import { formatMoney, formatNumber, formatPercent, formatSavingsAmount, toAmount } from './money';

describe('money (SPEC section 9: minor units divided by 100 with 2 decimals, the currency symbol map)', () => {
  it.each([
    [7, 1999, '£19.99'],
    [8, 2499, '$24.99'],
    [10, 2499, '$24.99'],
  ] as const)("prices client %i's plan of %i minor units at %s", (client, minor, text) => {
    expect(formatMoney(minor, CLIENTS[client])).toBe(text);
    expect(formatMoney(CLIENTS[client].priceMinor, CLIENTS[client])).toBe(text);
  });

  it('keeps two decimals and groups thousands with a comma', () => {
    expect(formatMoney(2500, { locale: 'en-GB', currency: 'gbp' })).toBe('£25.00');
    expect(formatMoney(123456789, { locale: 'en-US', currency: 'USD' })).toBe('$1,234,567.89');
  });

  it("uses the spec's symbol for any currency in the brand's locale", () => {
    expect(formatMoney(2499, { locale: 'en-GB', currency: 'usd' })).toBe('$24.99');
    expect(formatMoney(1000, { locale: 'en-US', currency: 'gbp' })).toBe('£10.00');
    expect(formatMoney(1000, { locale: 'en-GB', currency: 'eur' })).toBe('€10.00');
    expect(formatMoney(1000, { locale: 'en-GB', currency: 'xyz' })).toMatch(/^XYZ\s10\.00$/);
    expect(formatMoney(1000, { locale: 'en-GB', currency: '' })).toBe('10.00');
  });

  it('states a saving without decimals when whole and with two when it has pence', () => {
    expect(formatSavingsAmount(20, CLIENTS[7])).toBe('£20');
    expect(formatSavingsAmount(20.5, CLIENTS[7])).toBe('£20.50');
    expect(formatSavingsAmount(0.05, CLIENTS[8])).toBe('$0.05');
    expect(formatPercent(15.5, CLIENTS[7])).toBe('15.5%');
    expect(formatPercent(20, CLIENTS[10])).toBe('20%');
  });

  it('groups numbers with a comma, or a space for French', () => {
    expect(formatNumber(1234567.5, { locale: 'en-GB' })).toBe('1,234,567.50');
    expect(formatNumber(19.99, { locale: 'en-US' })).toBe('19.99');
    expect(formatNumber(1234567.5, { locale: 'fr', decimals: 2 })).toMatch(/^1\s234\s567,50$/);
    expect(formatNumber(-0.001, { locale: 'en-GB', decimals: 0 })).toBe('-0');
  });

  it('reads figures as the wire and forms hold them', () => {
    expect(toAmount('20.00')).toBe(20);
    expect(toAmount(7.5)).toBe(7.5);
    expect(toAmount(' ')).toBeNull();
    expect(toAmount(null)).toBeNull();
    expect(toAmount('abc')).toBeNull();
    expect(toAmount(undefined)).toBeNull();
    expect(toAmount(' 12.5 ')).toBe(12.5);
    expect(toAmount(0)).toBe(0);
    expect(toAmount(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it("writes the amount in the locale's own layout for a known code, the symbol first for a malformed one", () => {
    // French puts the sign after the figure, as Intl does for a currency it knows.
    expect(formatMoney(1999, { locale: 'fr-FR', currency: 'eur' })).toMatch(/^19,99\s€$/);
    expect(formatSavingsAmount(20, { locale: 'fr-FR', currency: 'EUR' })).toMatch(/^20\s€$/);
    // A code that is not three letters is not handed to Intl: symbol, then the figure in the locale.
    expect(formatSavingsAmount(20, { locale: 'fr-FR', currency: 'eur1' })).toMatch(/^EUR1\s?20$/);
    expect(formatSavingsAmount(1234.5, { locale: 'fr-FR', currency: 'xeur' })).toMatch(
      /^XEUR\s?1\s234,50$/,
    );
    expect(formatMoney(1999, { locale: 'en-GB', currency: 'eu' })).toMatch(/^EU\s?19\.99$/);
  });
});
