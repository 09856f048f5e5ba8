import { CLIENTS } from '@cc/config';
import { describe, expect, it } from 'vitest';
import { offerHeadline } from './headline';
import { OFFER_TYPE_OPTIONS, isOfferType, offerSavings } from './offer-types';

describe('offer types (SPEC section 4, Offer Type)', () => {
  it('are the six of the select, in its order, and nothing else', () => {
    expect(OFFER_TYPE_OPTIONS.map((option) => option.label)).toEqual([
      'Sitewide amount',
      'Sitewide percent',
      'Free shipping',
      'Sale amount',
      'Sale percent',
      'Other',
    ]);
    for (const { value } of OFFER_TYPE_OPTIONS) expect(isOfferType(value)).toBe(true);
    for (const value of ['', 'bogo', 'Sale_percent', 'free shipping', 'other '])
      expect(isOfferType(value)).toBe(false);
  });
});

describe('the saving a stored coupon offers (its two figures, read by its type)', () => {
  it.each([
    ['sitewide_percent', { amount: '5.00', percent: '20' }, 20],
    ['sale_percent', { amount: 5, percent: null }, 0],
    ['sitewide_amount', { amount: '12.50', percent: '20' }, 12.5],
    ['sale_amount', { amount: null, percent: '15' }, 15],
    ['sale_amount', { amount: '', percent: null }, 0],
    ['free_shipping', { amount: '9.99', percent: '10' }, 0],
    ['other', { amount: '3', percent: null }, 3],
    ['other', { amount: null, percent: null }, 0],
  ] as const)('%s with %j saves %d', (type, figures, saving) => {
    expect(offerSavings(type, figures)).toBe(saving);
  });

  it('is what the headline shows: the percent of a percent type, the amount of an amount type', () => {
    const headline = (type: string, figures: { amount: string | null; percent: string | null }) =>
      offerHeadline(
        { type, savings: offerSavings(type, figures), isSavingsRange: false },
        CLIENTS[7],
      );
    expect(headline('sale_percent', { amount: '4.00', percent: '35' })).toBe('35% OFF');
    expect(headline('sitewide_amount', { amount: '4.00', percent: '35' })).toBe('£4 OFF');
    expect(headline('sitewide_amount', { amount: null, percent: '35' })).toBe('£35 OFF');
  });
});
