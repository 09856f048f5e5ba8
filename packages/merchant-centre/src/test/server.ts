import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** Billing details as a store that never gave any has them. */
export const NO_BILLING_DETAILS = {
  billing_name: '',
  address_line1: '',
  address_line2: '',
  city: '',
  postal_code: '',
  country: '',
  vat_number: '',
};

/** The optional emails as a store that never chose has them. */
export const DEFAULT_MAIL_PREFERENCES = { expiring_coupons: true, expired_coupons: true, weekly_summary: false };

/**
 * The HTTP layer of the screen tests: each test answers the calls it expects.
 * The coupon cards' 30-day counts, the billing details and the email notifications
 * on /my-store answer empty or default unless a test says otherwise.
 */
export const server = setupServer(
  http.get('*/api/v1/coupons/stats/', () => HttpResponse.json({ days: 30, from: '2026-10-23', to: '2026-11-21', results: [] })),
  http.get('*/api/v1/billing-details/', () => HttpResponse.json(NO_BILLING_DETAILS)),
  http.get('*/api/v1/mail-preferences/', () => HttpResponse.json(DEFAULT_MAIL_PREFERENCES)),
);
