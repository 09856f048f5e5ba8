import { describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server } from '../../testing/server';
import type { WireCoupon } from './coupon-mapper';
import { couponsApi } from './coupons';
import { selectErrors, selectNotifications } from '@cc/api';
import { makeTestStore } from '@cc/api/testing';

function coupon(id: number, sort: number): WireCoupon {
  return {
    id,
    offer_type: 'sale_percent',
    store: { id: 3, slug: 'acme', name: 'Acme', logo_url: '', website_url: 'https://acme.test' },
    description: `Coupon ${id}`,
    title: '10% OFF',
    custom_url: '',
    destination_coupon_url: 'https://acme.test',
    destination_affiliate_url: '',
    discount_code: '',
    minimum_order_amount: null,
    savings_amount: null,
    savings_percent: '10.00',
    savings_minimum_order: null,
    up_to_savings_percent: null,
    start_date: '2026-11-01',
    expiration_date: null,
    approved: true,
    sort_number: sort,
  };
}

const list = { storeSlug: 'acme', client: 7 };
const page = {
  count: 3,
  next: null,
  previous: null,
  results: [coupon(1, 1), coupon(2, 2), coupon(3, 3)],
};

function ids(store: ReturnType<typeof makeTestStore>) {
  return couponsApi.endpoints.getCoupons
    .select(list)(store.getState())
    .data?.coupons.map((c) => c.couponId);
}

describe('coupon list and reordering', () => {
  it('asks for scheduled coupons of the store and maps them for screens', async () => {
    let query = '';
    server.use(
      http.get('*/api/v1/coupons', ({ request }) => {
        query = new URL(request.url).search;
        return HttpResponse.json(page);
      }),
    );
    const store = makeTestStore();
    const result = await store.dispatch(couponsApi.endpoints.getCoupons.initiate(list));
    expect(query).toBe('?store_slug=acme&client=7&include_scheduled=1');
    expect(result.data?.count).toBe(3);
    expect(result.data?.coupons[0]).toMatchObject({
      couponId: 1,
      offer: { savings: 10, expiresOn: null },
    });
  });

  it('reorders optimistically and sends ids and 1-based sort numbers as strings', async () => {
    let body: unknown;
    server.use(
      http.get('*/api/v1/coupons', () => HttpResponse.json(page)),
      http.post('*/api/v1/coupons/sort-coupons', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ success: true });
      }),
    );
    const store = makeTestStore();
    const sub = store.dispatch(couponsApi.endpoints.getCoupons.initiate(list));
    await sub;
    const saving = store.dispatch(
      couponsApi.endpoints.sortCoupons.initiate({ list, couponIds: [3, 1, 2] }),
    );
    expect(ids(store)).toEqual([3, 1, 2]);
    await saving;
    expect(body).toEqual({
      items: [
        { id: '3', sort_number: '1' },
        { id: '1', sort_number: '2' },
        { id: '2', sort_number: '3' },
      ],
    });
    sub.unsubscribe();
  });

  it('puts the old order back when saving fails, and lists the error', async () => {
    server.use(
      http.get('*/api/v1/coupons', () => HttpResponse.json(page)),
      http.post('*/api/v1/coupons/sort-coupons', () =>
        HttpResponse.json({ message: 'Server Error' }, { status: 500 }),
      ),
    );
    const store = makeTestStore();
    const sub = store.dispatch(couponsApi.endpoints.getCoupons.initiate(list));
    await sub;
    await store.dispatch(couponsApi.endpoints.sortCoupons.initiate({ list, couponIds: [2, 3, 1] }));
    expect(ids(store)).toEqual([1, 2, 3]);
    expect(selectErrors(store.getState())).toEqual([
      expect.objectContaining({
        status: 500,
        statusText: 'Internal Server Error',
        message: 'Server Error',
        displayed: false,
      }),
    ]);
    sub.unsubscribe();
  });

  it('puts a 400 in the notification list', async () => {
    server.use(
      http.post('*/api/v1/coupons/', () =>
        HttpResponse.json({ description: ['This field is required.'] }, { status: 400 }),
      ),
    );
    const store = makeTestStore();
    await store.dispatch(
      couponsApi.endpoints.createCoupon.initiate({
        offer_type: 'other',
        description: '',
        store: 3,
      }),
    );
    expect(selectNotifications(store.getState())).toEqual([
      expect.objectContaining({ status: 400, statusText: 'Bad Request' }),
    ]);
    expect(selectErrors(store.getState())).toEqual([]);
  });

  it('deletes a coupon and fetches the list again', async () => {
    let calls = 0;
    let deleted = '';
    server.use(
      http.get('*/api/v1/coupons', () => {
        calls += 1;
        return HttpResponse.json(
          calls === 1 ? page : { ...page, count: 2, results: page.results.slice(1) },
        );
      }),
      http.delete('*/api/v1/coupons/:id/', ({ params }) => {
        deleted = String(params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const store = makeTestStore();
    const sub = store.dispatch(couponsApi.endpoints.getCoupons.initiate(list));
    await sub;
    await store.dispatch(couponsApi.endpoints.deleteCoupon.initiate({ couponId: 1 }));
    expect(deleted).toBe('1');
    await vi.waitFor(() => expect(ids(store)).toEqual([2, 3]));
    sub.unsubscribe();
  });
});
