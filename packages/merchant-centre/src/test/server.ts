import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The HTTP layer of the screen tests: each test answers the calls it expects.
 * The coupon cards' 30-day counts answer empty unless a test says otherwise.
 */
export const server = setupServer(
  http.get('*/api/v1/coupons/stats/', () => HttpResponse.json({ days: 30, from: '2026-10-23', to: '2026-11-21', results: [] })),
);
