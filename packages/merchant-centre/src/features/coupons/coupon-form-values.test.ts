import { describe, expect, it } from 'vitest';
import { CLIENTS } from '@cc/config';
import { toScreenCoupon } from '../../lib/api/coupon-mapper';
import { wireCoupon } from '../../testing/merchant-fixtures';
import {
  couponFormValues,
  formOffer,
  newCouponFormValues,
  toCouponBody,
} from './coupon-form-values';

const UK = { merchantId: 9, money: CLIENTS[7] };
const US = { merchantId: 9, money: CLIENTS[8] };

const base = newCouponFormValues({ websiteUrl: 'https://acme.test', today: new Date(2026, 0, 31) });

describe('the coupon form -> wire (SPEC section 7, POST and PATCH /api/v1/coupons/)', () => {
  it('default new coupon: sitewide percent, minimum 10, savings 20, one month, no range', () => {
    expect(base).toMatchObject({
      typeId: 'sitewide_percent',
      minimum: '10',
      savings: '20',
      isSavingsRange: false,
      started: '2026-01-31',
      noExpiration: false,
      destinationUrl: 'https://acme.test',
    });
    expect(base.expired).toMatch(/^2026-0[23]-\d{2}$/);
  });

  it('sitewide_percent sends savings_percent, approved true and up_to_savings_percent 0', () => {
    const body = toCouponBody({ ...base, savings: '25', minimum: '12', description: ' d ' }, UK);
    expect(body).toMatchObject({
      offer_type: 'sitewide_percent',
      approved: true,
      savings_percent: 25,
      savings_amount: null,
      savings_minimum_order: 12,
      title: '25% OFF',
      description: 'd',
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
      toCouponBody({ ...base, typeId: 'sale_amount', savings: '10', isSavingsRange: true }, US)
        .title,
    ).toBe('UP TO $10 OFF');
  });

  it('sale_percent with range', () => {
    expect(
      toCouponBody({ ...base, typeId: 'sale_percent', isSavingsRange: true }, US),
    ).toMatchObject({
      savings_percent: 20,
      title: 'UP TO 20% OFF',
    });
  });

  it('free_shipping sends no savings and its minimum order', () => {
    expect(
      toCouponBody({ ...base, typeId: 'free_shipping', minimum: '35', isSavingsRange: true }, US),
    ).toMatchObject({
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

  it('an empty savings field sends no saving, and the offer reads 0', () => {
    expect(toCouponBody({ ...base, typeId: 'sale_amount', savings: '' }, UK)).toMatchObject({
      savings_amount: null,
      title: '£0 OFF',
    });
  });

  it("'No Expiration Date' sends a null expiry; empty dates are null", () => {
    const body = toCouponBody({ ...base, noExpiration: true, started: '' }, US);
    expect(body.expiration_date).toBeNull();
    expect(body.start_date).toBeNull();
  });

  it('sends an empty offer type as it is, for the server to refuse', () => {
    expect(toCouponBody({ ...base, typeId: '' }, UK)).toMatchObject({
      offer_type: '',
      title: 'Sale',
    });
  });
});

describe('the preview shows the offer the form would send', () => {
  it.each([
    [{ typeId: 'sale_percent', savings: '12.5', isSavingsRange: true }, 'UP TO 12.5% OFF'],
    [{ typeId: 'sitewide_amount', savings: '15', isSavingsRange: false }, '£15 OFF'],
    [{ typeId: 'free_shipping', savings: '', isSavingsRange: true }, 'Free Shipping'],
    [{ typeId: '', savings: '5', isSavingsRange: true }, 'Sale'],
  ] as const)('%j reads %s', (values, title) => {
    expect(formOffer({ ...base, ...values }, CLIENTS[7]).title).toBe(title);
  });
});

describe('a saved coupon in the form and back', () => {
  const wire = wireCoupon(20, {
    description: 'Spring sale',
    destination_coupon_url: 'https://acme.test/deal',
    discount_code: 'SPRING',
    start_date: '2026-11-01',
    expiration_date: '2026-12-01',
  });

  it('shows its figures as the inputs hold them', () => {
    expect(couponFormValues(toScreenCoupon(wire, CLIENTS[7]))).toEqual({
      typeId: 'sitewide_percent',
      savings: '20',
      minimum: '10',
      isSavingsRange: false,
      description: 'Spring sale',
      destinationUrl: 'https://acme.test/deal',
      code: 'SPRING',
      started: '2026-11-01',
      expired: '2026-12-01',
      noExpiration: false,
    });
  });

  it('ticks No Expiration Date for a coupon without an expiry, and shows 0 for a free-shipping saving', () => {
    const values = couponFormValues(
      toScreenCoupon(
        {
          ...wire,
          offer_type: 'free_shipping',
          title: 'Free Shipping',
          expiration_date: null,
          minimum_order_amount: '35.00',
          savings_minimum_order: null,
        },
        CLIENTS[7],
      ),
    );
    expect(values).toMatchObject({
      typeId: 'free_shipping',
      savings: '0',
      minimum: '35',
      expired: '',
      noExpiration: true,
    });
  });

  it('sends back what it was sent', () => {
    const body = toCouponBody(couponFormValues(toScreenCoupon(wire, CLIENTS[7])), UK);
    expect(body).toMatchObject({
      savings_percent: 20,
      expiration_date: '2026-12-01',
      title: '20% OFF',
      discount_code: 'SPRING',
    });
  });
});
