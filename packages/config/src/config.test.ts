import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  CLIENTS,
  currencySymbol,
  getClientConfig,
  parseClientId,
  storeSlug,
  withScheme,
} from './index';

describe('client configuration', () => {
  it('prices client 8 and 10 at 24.99 USD and client 7 at 19.99 GBP', () => {
    expect([CLIENTS[8].price, CLIENTS[8].currency]).toEqual([24.99, 'usd']);
    expect([CLIENTS[10].price, CLIENTS[10].currency]).toEqual([24.99, 'usd']);
    expect([CLIENTS[7].price, CLIENTS[7].currency, CLIENTS[7].currencySymbol]).toEqual([
      19.99,
      'gbp',
      '£',
    ]);
    for (const client of Object.values(CLIENTS))
      expect(client.priceMinor).toBe(Math.round(client.price * 100));
  });

  it("uses 'Voucher' and 'Vouchers' for the UK client", () => {
    expect(CLIENTS[7].discountText).toBe('Voucher');
    expect(CLIENTS[7].discountsText).toBe('Vouchers');
  });

  it('lists 8 to 10 brands per client, each a logo file in the repo', () => {
    for (const client of Object.values(CLIENTS)) {
      expect(client.brands.length).toBeGreaterThanOrEqual(8);
      expect(client.brands.length).toBeLessThanOrEqual(10);
      for (const brand of client.brands) {
        const file = fileURLToPath(new URL(`../assets/brands/${brand.logo}`, import.meta.url));
        expect(existsSync(file), brand.logo).toBe(true);
      }
    }
  });

  it('rejects an unknown client id', () => {
    expect(() => getClientConfig(9)).toThrow('Unknown client id 9');
  });

  it('reads a client id from a number or its text, and nothing else', () => {
    expect([7, 8, 10, '7', '10'].map(parseClientId)).toEqual([7, 8, 10, 7, 10]);
    expect([9, 0, '', 'uk', '8a', null, undefined, 7.5, {}].map(parseClientId)).toEqual(
      Array(9).fill(undefined),
    );
  });
});

describe('currency symbols (money formatting is in @cc/contract/money)', () => {
  it('maps currency codes in any case to their symbol', () => {
    expect(currencySymbol('usd')).toBe('$');
    expect(currencySymbol('GBP')).toBe('£');
    expect(currencySymbol('eur')).toBe('€');
    expect(currencySymbol('xyz')).toBe('XYZ');
  });
});

describe('store slugs and URLs', () => {
  it('lowercases the name and adds the brand suffix', () => {
    expect(storeSlug("Joe's Shoes & Co.", '-voucher-codes')).toBe('joes-shoes-co-voucher-codes');
  });

  it('prepends http:// to a bare domain only', () => {
    expect(withScheme('example.com')).toBe('http://example.com');
    expect(withScheme('https://example.com')).toBe('https://example.com');
    expect(withScheme('not a url')).toBe('not a url');
  });
});
