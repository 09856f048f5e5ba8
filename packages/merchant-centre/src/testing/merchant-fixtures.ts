import type { WireCoupon } from '../lib/api/coupon-mapper';
import type { Paginated, Plan, Transaction } from '@cc/contract';

/** A coupon as the server sends it, of the fixture store (id 5, 'acme-voucher-codes'). */
export function wireCoupon(id: number, overrides: Partial<WireCoupon> = {}): WireCoupon {
  return {
    id,
    offer_type: 'sitewide_percent',
    store: {
      id: 5,
      slug: 'acme-voucher-codes',
      name: 'Acme',
      logo_url: '',
      website_url: 'https://acme.test',
    },
    description: `Coupon number ${id}`,
    title: `${id}% OFF`,
    custom_url: 'https://acme.test',
    destination_coupon_url: 'https://acme.test',
    destination_affiliate_url: 'https://acme.test',
    discount_code: `CODE${id}`,
    minimum_order_amount: null,
    savings_amount: null,
    savings_percent: `${id}.00`,
    savings_minimum_order: '10.00',
    up_to_savings_percent: '0.00',
    start_date: '2026-11-01',
    expiration_date: '2026-12-01',
    approved: true,
    sort_number: id,
    ...overrides,
  };
}

export function page<T>(results: T[]): Paginated<T> {
  return { count: results.length, next: null, previous: null, results };
}

export function couponPage(count: number): Paginated<WireCoupon> {
  return page(Array.from({ length: count }, (_, index) => wireCoupon(index + 1)));
}

export function plan(overrides: Partial<Plan> = {}): Plan {
  return {
    id: 'plan_uk',
    updated: 1_763_000_000,
    name: 'VoucherNest Store Page',
    price: { currency: 'gbp', unit_amount: 1999 },
    payment_link: { url: 'http://localhost:4000/billing/checkout/plan_uk' },
    ...overrides,
  };
}

export function transaction(id: number, overrides: Partial<Transaction> = {}): Transaction {
  return {
    id,
    transaction_created: 1_763_683_200,
    currency: 'gbp',
    amount: 1999,
    receipt_url: `http://localhost:4000/billing/receipts/${id}`,
    ...overrides,
  };
}
