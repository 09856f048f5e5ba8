import { describe, expect, it } from 'vitest';
import { CLIENTS } from '@cc/config';
import type { WireCoupon } from './coupon-mapper';
import { moneyOfClient, newCouponDraft, toCouponBody, toCouponDraft, toScreenCoupon } from './coupon-mapper';

const UK = CLIENTS[7];
const US = CLIENTS[8];

function wire(overrides: Partial<WireCoupon>): WireCoupon {
  return {
    id: 41,
    offer_type: 'sitewide_percent',
    store: { id: 9, slug: 'acme-voucher-codes', name: 'Acme', logo_url: 'https://img/acme.png', website_url: 'https://acme.test' },
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
      typeId: 'sitewide_percent',
      merchantId: 9,
      headline: '20% OFF',
      savings: 20,
      minimum: 10,
      minimumOrder: 10,
      minAmount: null,
      isSavingsRange: false,
      isFreeShipping: false,
      started: '2026-11-01',
      expired: '2026-12-01',
      noExpiration: false,
      isApproved: true,
      code: 'SPRING',
      destinationUrl: 'https://acme.test/deal',
    });
  });

  it('sitewide_amount: savings from savings_amount, range when the title contains "up to"', () => {
    const coupon = toScreenCoupon(
      wire({ offer_type: 'sitewide_amount', savings_amount: '15.50', savings_percent: null, title: 'UP TO £15.5 OFF' }),
      UK,
    );
    expect(coupon.savings).toBe(15.5);
    expect(coupon.isSavingsRange).toBe(true);
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
    expect(coupon.isFreeShipping).toBe(true);
    expect(coupon.savings).toBe(0);
    expect(coupon.minimum).toBe(35);
    expect(coupon.minAmount).toBe(35);
  });

  it('sale_amount and sale_percent map their own savings field', () => {
    expect(toScreenCoupon(wire({ offer_type: 'sale_amount', savings_amount: '5.00', savings_percent: null }), UK).savings).toBe(5);
    expect(toScreenCoupon(wire({ offer_type: 'sale_percent', savings_percent: '30.00', title: 'up to 30% OFF' }), UK)).toMatchObject({
      savings: 30,
      isSavingsRange: true,
    });
  });

  it('other: headline built from the offer text when the title is empty; expired null when none', () => {
    const coupon = toScreenCoupon(wire({ offer_type: 'other', title: '', savings_percent: null, expiration_date: null }), UK);
    expect(coupon.headline).toBe('Sale');
    expect(coupon.expired).toBeNull();
    expect(coupon.noExpiration).toBe(true);
  });
});

describe('headline written from the offer (the table of every type is in @cc/contract)', () => {
  it("writes the brand's money when the title is empty, with a range read from no title as none", () => {
    const amount = wire({ offer_type: 'sale_amount', title: '', savings_amount: '20.50', savings_percent: null });
    expect(toScreenCoupon(amount, UK)).toMatchObject({ headline: '£20.50 OFF', isSavingsRange: false });
    expect(toScreenCoupon(amount, moneyOfClient(10))).toMatchObject({ headline: '$20.50 OFF' });
    expect(toScreenCoupon({ ...amount, savings_amount: '20.00' }, US).headline).toBe('$20 OFF');
  });

  it('keeps the figure without a currency sign for a client that is not ours', () => {
    expect(toScreenCoupon(wire({ offer_type: 'sale_amount', title: '', savings_amount: '5.00' }), moneyOfClient(99)).headline).toBe(
      '5 OFF',
    );
  });
});

describe('screen -> wire', () => {
  const base = newCouponDraft({ merchantId: 9, websiteUrl: 'https://acme.test', today: new Date(2026, 0, 31) });

  it('default new coupon: sitewide percent, minimum 10, savings 20, one month, no range', () => {
    expect(base).toMatchObject({
      typeId: 'sitewide_percent',
      minimum: 10,
      savings: 20,
      isSavingsRange: false,
      started: '2026-01-31',
      noExpiration: false,
      destinationUrl: 'https://acme.test',
    });
    expect(base.expired).toMatch(/^2026-0[23]-\d{2}$/);
  });

  it('sitewide_percent sends savings_percent, approved true and up_to_savings_percent 0', () => {
    const body = toCouponBody({ ...base, savings: '25', minimum: '12', description: 'd' }, UK);
    expect(body).toMatchObject({
      offer_type: 'sitewide_percent',
      approved: true,
      savings_percent: 25,
      savings_amount: null,
      savings_minimum_order: 12,
      title: '25% OFF',
      store: 9,
      up_to_savings_percent: 0,
      start_date: '2026-01-31',
      custom_url: 'https://acme.test',
      destination_coupon_url: 'https://acme.test',
      destination_affiliate_url: 'https://acme.test',
    });
  });

  it('sitewide_amount and sale_amount send savings_amount; range adds UP TO', () => {
    expect(toCouponBody({ ...base, typeId: 'sitewide_amount', savings: '7.5' }, US)).toMatchObject({
      savings_amount: 7.5,
      savings_percent: null,
      title: '$7.50 OFF',
    });
    expect(
      toCouponBody({ ...base, typeId: 'sale_amount', savings: 10, isSavingsRange: true }, US).title,
    ).toBe('UP TO $10 OFF');
  });

  it('sale_percent with range', () => {
    expect(toCouponBody({ ...base, typeId: 'sale_percent', isSavingsRange: true }, US)).toMatchObject({
      savings_percent: 20,
      title: 'UP TO 20% OFF',
    });
  });

  it('free_shipping sends no savings and its minimum order', () => {
    expect(toCouponBody({ ...base, typeId: 'free_shipping', minimum: '35', isSavingsRange: true }, US)).toMatchObject({
      savings_amount: null,
      savings_percent: null,
      savings_minimum_order: 35,
      title: 'Free Shipping',
    });
  });

  it('other sends its amount and the Sale title', () => {
    expect(toCouponBody({ ...base, typeId: 'other', savings: '3' }, US)).toMatchObject({
      savings_amount: 3,
      title: 'Sale',
    });
  });

  it("'No Expiration Date' sends a null expiry; empty dates are null", () => {
    const body = toCouponBody({ ...base, noExpiration: true, started: '' }, US);
    expect(body.expiration_date).toBeNull();
    expect(body.start_date).toBeNull();
  });

  it('round-trips a screen coupon through the draft', () => {
    const screen = toScreenCoupon(wire({}), UK);
    const body = toCouponBody(toCouponDraft(screen), UK);
    expect(body).toMatchObject({ savings_percent: 20, expiration_date: '2026-12-01', title: '20% OFF', discount_code: 'SPRING' });
  });
});
