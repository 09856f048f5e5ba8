import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server } from '../../testing/server';
import { billingApi } from './billing';
import { selectErrors } from '@cc/api';
import { makeTestStore } from '@cc/api/testing';

const card = {
  id: 'pm_1',
  created_at: 1_763_000_000,
  is_default: true,
  exp_month: 12,
  exp_year: 2030,
  brand: 'visa',
  last4: '4242',
};

describe('payment methods', () => {
  it('lists the cards from a DRF page or a plain list, passing websiteId on', async () => {
    let websiteId: string | null = null;
    server.use(
      http.get('*/api/v1/payment-methods/', ({ request }) => {
        websiteId = new URL(request.url).searchParams.get('websiteId');
        return HttpResponse.json({ count: 1, next: null, previous: null, results: [card] });
      }),
    );
    const store = makeTestStore();
    const result = await store.dispatch(
      billingApi.endpoints.getPaymentMethods.initiate({ websiteId: 7 }),
    );
    expect(result.data).toEqual([card]);
    expect(websiteId).toBe('7');
  });

  it("empties the list when the server answers 'Sequence contains no elements'", async () => {
    server.use(
      http.get('*/api/v1/payment-methods/', () =>
        HttpResponse.json({ message: 'Sequence contains no elements' }, { status: 500 }),
      ),
    );
    const store = makeTestStore();
    const result = await store.dispatch(billingApi.endpoints.getPaymentMethods.initiate());
    expect(result.data).toEqual([]);
    expect(result.error).toBeUndefined();
  });

  it('reports any other failure as an error', async () => {
    server.use(
      http.get('*/api/v1/payment-methods/', () =>
        HttpResponse.json({ message: 'Down' }, { status: 503 }),
      ),
    );
    const store = makeTestStore();
    const result = await store.dispatch(billingApi.endpoints.getPaymentMethods.initiate());
    expect(result.error).toMatchObject({ status: 503 });
    expect(selectErrors(store.getState()).at(-1)).toMatchObject({
      statusText: 'Service Unavailable',
      message: 'Down',
    });
  });
});

describe('the Order History download', () => {
  it('answers the file name from Content-Disposition and the CSV text, byte order mark taken off', async () => {
    server.use(
      http.get(
        '*/api/v1/billing/orders.csv',
        () =>
          new HttpResponse('\uFEFFOrder ID,Date\r\n41,2026-01-01\r\n', {
            headers: {
              'content-type': 'text/csv; charset=utf-8',
              'content-disposition':
                'attachment; filename="vouchernest-acme-voucher-codes-orders-2026-02-01.csv"',
            },
          }),
      ),
    );
    const store = makeTestStore();
    const result = await store.dispatch(billingApi.endpoints.downloadOrdersCsv.initiate());
    expect(result.data).toEqual({
      filename: 'vouchernest-acme-voucher-codes-orders-2026-02-01.csv',
      content: 'Order ID,Date\r\n41,2026-01-01\r\n',
    });
  });

  it('reports a failure as an error', async () => {
    server.use(
      http.get('*/api/v1/billing/orders.csv', () =>
        HttpResponse.json({ message: 'Not found.' }, { status: 404 }),
      ),
    );
    const store = makeTestStore();
    const result = await store.dispatch(billingApi.endpoints.downloadOrdersCsv.initiate());
    expect(result.error).toMatchObject({ status: 404 });
  });
});
