import { CLIENTS } from '@cc/config';
import { describe, expect, it } from 'vitest';
import { couponHeadline, offerHeadline } from './headline';
import { decodeOffer, encodeOffer } from './offer';
import type { Offer, OfferWire } from './offer';

/** A coupon's offer fields as the server sends them (SPEC section 3), decimals as strings. */
function wire(fields: Partial<OfferWire>): OfferWire {
  return {
    offer_type: 'sitewide_percent',
    title: '',
    savings_amount: null,
    savings_percent: null,
    savings_minimum_order: null,
    minimum_order_amount: null,
    start_date: '2026-11-01',
    expiration_date: '2026-12-01',
    ...fields,
  };
}

const days = { startsOn: '2026-11-01', expiresOn: '2026-12-01' };

describe('an offer from the wire (SPEC section 3, "Coupon as sent by the server")', () => {
  it.each([
    [
      'sitewide percent: the percent',
      wire({
        offer_type: 'sitewide_percent',
        title: '20% OFF',
        savings_percent: '20.00',
        savings_minimum_order: '10.00',
      }),
      {
        type: 'sitewide_percent',
        savings: 20,
        isSavingsRange: false,
        minimumOrder: 10,
        title: '20% OFF',
        ...days,
      },
    ],
    [
      'sale percent as a range: the percent, the range from the title',
      wire({
        offer_type: 'sale_percent',
        title: 'up to 30% OFF',
        savings_amount: '4.00',
        savings_percent: '30.00',
      }),
      {
        type: 'sale_percent',
        savings: 30,
        isSavingsRange: true,
        minimumOrder: null,
        title: 'up to 30% OFF',
        ...days,
      },
    ],
    [
      'sitewide amount: the amount with pence',
      wire({ offer_type: 'sitewide_amount', title: '£15.50 OFF', savings_amount: '15.50' }),
      {
        type: 'sitewide_amount',
        savings: 15.5,
        isSavingsRange: false,
        minimumOrder: null,
        title: '£15.50 OFF',
        ...days,
      },
    ],
    [
      'sale amount kept in the percent: the percent',
      wire({ offer_type: 'sale_amount', title: 'UP TO £15 OFF', savings_percent: '15.00' }),
      {
        type: 'sale_amount',
        savings: 15,
        isSavingsRange: true,
        minimumOrder: null,
        title: 'UP TO £15 OFF',
        ...days,
      },
    ],
    [
      'free shipping: no saving, the minimum order from minimum_order_amount',
      wire({
        offer_type: 'free_shipping',
        title: 'Free Shipping',
        savings_amount: '9.99',
        minimum_order_amount: '35.00',
      }),
      {
        type: 'free_shipping',
        savings: null,
        isSavingsRange: false,
        minimumOrder: 35,
        title: 'Free Shipping',
        ...days,
      },
    ],
    [
      'other without a title or an expiry',
      wire({ offer_type: 'other', savings_amount: '3.00', expiration_date: null }),
      {
        type: 'other',
        savings: 3,
        isSavingsRange: false,
        minimumOrder: null,
        title: '',
        startsOn: '2026-11-01',
        expiresOn: null,
      },
    ],
    [
      'a type it does not know reads as Other; no figures, no saving',
      wire({ offer_type: 'bogo', start_date: null }),
      {
        type: 'other',
        savings: null,
        isSavingsRange: false,
        minimumOrder: null,
        title: '',
        startsOn: null,
        expiresOn: '2026-12-01',
      },
    ],
  ] as const)('%s', (_, coupon, offer) => {
    expect(decodeOffer(coupon)).toEqual(offer);
  });

  it('reads the minimum order the form writes before the one older coupons carry', () => {
    expect(
      decodeOffer(wire({ savings_minimum_order: '12.00', minimum_order_amount: '35.00' }))
        .minimumOrder,
    ).toBe(12);
    expect(
      decodeOffer(wire({ savings_minimum_order: '', minimum_order_amount: '35.00' })).minimumOrder,
    ).toBe(35);
  });
});

describe('an offer to the wire (SPEC section 7, POST and PATCH /api/v1/coupons/)', () => {
  const offer = (fields: Partial<Offer>): Offer => ({
    type: 'sitewide_percent',
    savings: 20,
    isSavingsRange: false,
    minimumOrder: 10,
    title: '20% OFF',
    ...days,
    ...fields,
  });

  it.each([
    ['sitewide_percent', { savings_amount: null, savings_percent: 25 }],
    ['sale_percent', { savings_amount: null, savings_percent: 25 }],
    ['sitewide_amount', { savings_amount: 25, savings_percent: null }],
    ['sale_amount', { savings_amount: 25, savings_percent: null }],
    ['free_shipping', { savings_amount: null, savings_percent: null }],
    ['other', { savings_amount: 25, savings_percent: null }],
  ] as const)('%s sends its saving in %j', (type, figures) => {
    expect(encodeOffer(offer({ type, savings: 25 }))).toMatchObject({
      offer_type: type,
      ...figures,
      savings_minimum_order: 10,
    });
  });

  it("'No Expiration Date' sends a null expiry", () => {
    expect(encodeOffer(offer({ expiresOn: null }))).toMatchObject({
      start_date: '2026-11-01',
      expiration_date: null,
    });
  });

  it.each([
    offer({}),
    offer({ type: 'sale_percent', savings: 12.5, isSavingsRange: true, title: 'UP TO 12.5% OFF' }),
    offer({ type: 'sitewide_amount', savings: 7.5, title: '$7.50 OFF', minimumOrder: null }),
    offer({ type: 'sale_amount', savings: null, title: '£0 OFF', startsOn: null, expiresOn: null }),
    offer({ type: 'free_shipping', savings: null, title: 'Free Shipping', minimumOrder: 35 }),
    offer({ type: 'other', savings: 3, title: '' }),
  ])('comes back the same from the wire: $type, $title', (sent) => {
    expect(decodeOffer({ ...encodeOffer(sent), minimum_order_amount: null })).toEqual(sent);
  });
});

describe("an offer's headline in each brand's money (SPEC section 4, preview text)", () => {
  const uk = CLIENTS[7];
  const promo = CLIENTS[8];
  const discount = CLIENTS[10];

  it.each([
    [wire({ offer_type: 'sitewide_percent', savings_percent: '20.00' }), '20% OFF', '20% OFF'],
    [wire({ offer_type: 'sale_percent', savings_percent: '12.50' }), '12.5% OFF', '12.5% OFF'],
    [wire({ offer_type: 'sitewide_amount', savings_amount: '20.00' }), '£20 OFF', '$20 OFF'],
    [wire({ offer_type: 'sale_amount', savings_amount: '20.50' }), '£20.50 OFF', '$20.50 OFF'],
    [wire({ offer_type: 'sale_amount', savings_amount: '1250.00' }), '£1,250 OFF', '$1,250 OFF'],
    [
      wire({ offer_type: 'free_shipping', savings_amount: '5.00' }),
      'Free Shipping',
      'Free Shipping',
    ],
    [wire({ offer_type: 'other', savings_amount: '5.00' }), 'Sale', 'Sale'],
  ])('%j reads %s (client 7) and %s (clients 8 and 10)', (coupon, pounds, dollars) => {
    const offer = decodeOffer(coupon);
    expect(couponHeadline(offer, uk)).toBe(pounds);
    expect(couponHeadline(offer, promo)).toBe(dollars);
    expect(couponHeadline(offer, discount)).toBe(dollars);
  });

  it("puts 'UP TO' before the range types' offer only", () => {
    const range = (offer_type: string, figures: Partial<OfferWire>) =>
      offerHeadline(decodeOffer(wire({ offer_type, title: 'UP TO', ...figures })), uk);
    expect(range('sitewide_percent', { savings_percent: '30.00' })).toBe('UP TO 30% OFF');
    expect(range('sale_percent', { savings_percent: '30.00' })).toBe('UP TO 30% OFF');
    expect(range('sitewide_amount', { savings_amount: '10.00' })).toBe('UP TO £10 OFF');
    expect(range('sale_amount', { savings_amount: '10.50' })).toBe('UP TO £10.50 OFF');
    expect(range('free_shipping', {})).toBe('Free Shipping');
    expect(range('other', { savings_amount: '10.00' })).toBe('Sale');
  });

  it('is the title when the coupon has one, in any brand', () => {
    const offer = decodeOffer(
      wire({ offer_type: 'sale_amount', title: ' Half price tents ', savings_amount: '20.00' }),
    );
    expect(couponHeadline(offer, uk)).toBe('Half price tents');
    expect(couponHeadline(offer, promo)).toBe('Half price tents');
  });
});
