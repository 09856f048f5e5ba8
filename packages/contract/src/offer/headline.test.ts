import { CLIENTS } from '@cc/config';
import { describe, expect, it } from 'vitest';
import { couponHeadline, isSavingsRangeTitle, offerHeadline, offerHeadlineParts } from './headline';
import { OFFER_TYPES } from './offer-types';
import type { OfferType } from './offer-types';

const brands = [
  { client: 7, money: CLIENTS[7], symbol: '£' },
  { client: 8, money: CLIENTS[8], symbol: '$' },
  { client: 10, money: CLIENTS[10], symbol: '$' },
] as const;

/** Savings shapes: whole, with pence (or a fraction of a percent), and each as a savings range. */
const shapes = [
  { shape: 'whole', savings: '20.00', isSavingsRange: false, amount: '20', percent: '20' },
  {
    shape: 'with pence',
    savings: '20.50',
    isSavingsRange: false,
    amount: '20.50',
    percent: '20.5',
  },
  { shape: 'whole, range', savings: 20, isSavingsRange: true, amount: '20', percent: '20' },
  {
    shape: 'with pence, range',
    savings: 20.5,
    isSavingsRange: true,
    amount: '20.50',
    percent: '20.5',
  },
] as const;

function expected(type: OfferType, symbol: string, shape: (typeof shapes)[number]): string {
  const upTo = shape.isSavingsRange ? 'UP TO ' : '';
  switch (type) {
    case 'sitewide_percent':
    case 'sale_percent':
      return `${upTo}${shape.percent}% OFF`;
    case 'sitewide_amount':
    case 'sale_amount':
      return `${upTo}${symbol}${shape.amount} OFF`;
    case 'free_shipping':
      return 'Free Shipping';
    case 'other':
      return 'Sale';
  }
}

const table = OFFER_TYPES.flatMap((type) =>
  brands.flatMap((brand) =>
    shapes.map((shape) => ({
      type,
      client: brand.client,
      shape: shape.shape,
      money: brand.money,
      offer: shape,
      text: expected(type, brand.symbol, shape),
    })),
  ),
);

describe('offer headline (SPEC section 4, preview text)', () => {
  it('covers every offer type, amount shape and brand currency', () => {
    expect(table).toHaveLength(OFFER_TYPES.length * brands.length * shapes.length);
  });

  it.each(table)('$type, $shape, client $client: $text', ({ type, money, offer, text }) => {
    expect(
      offerHeadline({ type, savings: offer.savings, isSavingsRange: offer.isSavingsRange }, money),
    ).toBe(text);
  });

  it.each([
    ['sitewide_amount', 'sale'],
    ['sale_percent', 'sale'],
    ['free_shipping', 'free-shipping'],
    ['other', 'sale'],
  ] as const)('gives %s the %s label and the prefix apart from the text', (type, label) => {
    const parts = offerHeadlineParts({ type, savings: 15, isSavingsRange: true }, CLIENTS[7]);
    expect(parts.label).toBe(label);
    expect(parts.prefix).toBe(type === 'free_shipping' || type === 'other' ? null : 'UP TO');
  });

  it("reads an unknown type as 'Sale', an empty saving as 0 and groups thousands with a comma", () => {
    expect(offerHeadline({ type: 'bogo', savings: 5, isSavingsRange: true }, CLIENTS[8])).toBe(
      'Sale',
    );
    expect(
      offerHeadline({ type: 'sale_amount', savings: '', isSavingsRange: false }, CLIENTS[7]),
    ).toBe('£0 OFF');
    expect(
      offerHeadline({ type: 'sale_amount', savings: null, isSavingsRange: false }, CLIENTS[8]),
    ).toBe('$0 OFF');
    expect(
      offerHeadline({ type: 'sale_amount', savings: '1250.00', isSavingsRange: false }, CLIENTS[7]),
    ).toBe('£1,250 OFF');
    expect(
      offerHeadline({ type: 'sitewide_amount', savings: 7.5, isSavingsRange: false }, CLIENTS[10]),
    ).toBe('$7.50 OFF');
    expect(
      offerHeadline(
        { type: 'sitewide_amount', savings: 15.999, isSavingsRange: false },
        CLIENTS[7],
      ),
    ).toBe('£16 OFF');
    expect(
      offerHeadline({ type: 'sale_percent', savings: '12.345', isSavingsRange: false }, CLIENTS[7]),
    ).toBe('12.35% OFF');
  });
});

describe('savings range on the wire (SPEC section 3: true when the title contains "up to")', () => {
  it.each([
    ['UP TO £15 OFF', true],
    ['up to 30% OFF', true],
    ['Up to 50% off', true],
    ['20% OFF', false],
    ['', false],
  ] as const)('%j -> %s', (title, isRange) => {
    expect(isSavingsRangeTitle(title)).toBe(isRange);
  });

  it('reads back the range of every title it writes', () => {
    for (const type of OFFER_TYPES)
      for (const isSavingsRange of [true, false]) {
        const title = offerHeadline({ type, savings: 20, isSavingsRange }, CLIENTS[7]);
        expect(isSavingsRangeTitle(title)).toBe(
          isSavingsRange && title !== 'Free Shipping' && title !== 'Sale',
        );
      }
  });
});

describe('coupon headline', () => {
  const offer = { type: 'sitewide_amount', savings: '20.50', isSavingsRange: false };

  it('is the title when the coupon has one', () => {
    expect(couponHeadline({ ...offer, title: '  Half price tents ' }, CLIENTS[7])).toBe(
      'Half price tents',
    );
  });

  it('is written from the offer when the title is empty', () => {
    expect(couponHeadline({ ...offer, title: ' ' }, CLIENTS[7])).toBe('£20.50 OFF');
    expect(couponHeadline({ ...offer, title: '' }, CLIENTS[8])).toBe('$20.50 OFF');
  });
});
