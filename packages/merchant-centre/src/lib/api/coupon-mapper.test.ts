import { describe, expect, it } from 'vitest';
import { CLIENTS } from '@cc/config';
import type { WireCoupon } from './coupon-mapper';
import { moneyOfClient, toScreenCoupon } from './coupon-mapper';

const UK = CLIENTS[7];
const US = CLIENTS[8];

function wire(overrides: Partial<WireCoupon>): WireCoupon {
  return {
    id: 41,
    offer_type: 'sitewide_percent',
    store: {
      id: 9,
      slug: 'acme-voucher-codes',
      name: 'Acme',
      logo_url: 'https://img/acme.png',
      website_url: 'https://acme.test',
    },
    description: 'Spring sale',
    title: '20% OFF',
    custom_url: 'https://acme.test/deal',
    destination_coupon_url: 'https://acme.test/deal',
    destination_affiliate_url: 'https://acme.test/deal',
    discount_code: 'SPRING',
    minimum_order_amount: null,
    savings_amount: null,
    savings_percent: '20.00',
    savings_minimum_order: '10.00',
    up_to_savings_percent: null,
    start_date: '2026-11-01',
    expiration_date: '2026-12-01',
    approved: true,
    sort_number: 1,
    ...overrides,
  };
}

describe('coupon as used by screens (wire -> screen)', () => {
  it('sitewide_percent: savings from savings_percent, decimals become numbers', () => {
    const coupon = toScreenCoupon(wire({}), UK);
    expect(coupon).toMatchObject({
      couponId: 41,
      merchantId: 9,
      headline: '20% OFF',
      offer: {
        type: 'sitewide_percent',
        savings: 20,
        minimumOrder: 10,
        isSavingsRange: false,
        startsOn: '2026-11-01',
        expiresOn: '2026-12-01',
      },
      isApproved: true,
      code: 'SPRING',
      destinationUrl: 'https://acme.test/deal',
    });
  });

  it('sitewide_amount: savings from savings_amount, range when the title contains "up to"', () => {
    const coupon = toScreenCoupon(
      wire({
        offer_type: 'sitewide_amount',
        savings_amount: '15.50',
        savings_percent: null,
        title: 'UP TO £15.5 OFF',
      }),
      UK,
    );
    expect(coupon.offer.savings).toBe(15.5);
    expect(coupon.offer.isSavingsRange).toBe(true);
    expect(coupon.headline).toBe('UP TO £15.5 OFF');
  });

  it('free_shipping: flagged, no savings, minimum from minimum_order_amount', () => {
    const coupon = toScreenCoupon(
      wire({
        offer_type: 'free_shipping',
        title: 'Free Shipping',
        savings_percent: null,
        savings_minimum_order: null,
        minimum_order_amount: '35.00',
      }),
      UK,
    );
    expect(coupon.offer.type).toBe('free_shipping');
    expect(coupon.offer.savings).toBeNull();
    expect(coupon.offer.minimumOrder).toBe(35);
  });

  it('sale_amount and sale_percent map their own savings field', () => {
    expect(
      toScreenCoupon(
        wire({ offer_type: 'sale_amount', savings_amount: '5.00', savings_percent: null }),
        UK,
      ).offer.savings,
    ).toBe(5);
    expect(
      toScreenCoupon(
        wire({ offer_type: 'sale_percent', savings_percent: '30.00', title: 'up to 30% OFF' }),
        UK,
      ).offer,
    ).toMatchObject({
      savings: 30,
      isSavingsRange: true,
    });
  });

  it('other: headline built from the offer text when the title is empty; no expiry when none', () => {
    const coupon = toScreenCoupon(
      wire({ offer_type: 'other', title: '', savings_percent: null, expiration_date: null }),
      UK,
    );
    expect(coupon.headline).toBe('Sale');
    expect(coupon.offer.expiresOn).toBeNull();
  });
});

describe('headline written from the offer (the table of every type is in @cc/contract)', () => {
  it("writes the brand's money when the title is empty, with a range read from no title as none", () => {
    const amount = wire({
      offer_type: 'sale_amount',
      title: '',
      savings_amount: '20.50',
      savings_percent: null,
    });
    expect(toScreenCoupon(amount, UK)).toMatchObject({
      headline: '£20.50 OFF',
      offer: { isSavingsRange: false },
    });
    expect(toScreenCoupon(amount, moneyOfClient(10))).toMatchObject({ headline: '$20.50 OFF' });
    expect(toScreenCoupon({ ...amount, savings_amount: '20.00' }, US).headline).toBe('$20 OFF');
  });

  it('keeps the figure without a currency sign for a client that is not ours', () => {
    expect(
      toScreenCoupon(
        wire({ offer_type: 'sale_amount', title: '', savings_amount: '5.00' }),
        moneyOfClient(99),
      ).headline,
    ).toBe('5 OFF');
  });
});
