import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { http, HttpResponse } from 'msw';
import type { Coupon, ReviewQueueEntry, ReviewStore } from '@cc/contract';
import { App } from '../app/app';
import { writeSession, type StaffSession } from '../features/auth/session';
import { createReviewStore } from '../app/store';

export { STAFF } from './console-fixtures';

/** Renders the console with its own store; a signed-in render keeps the session first, as a sign-in would. */
export function renderConsole(options: { session?: StaffSession } = {}) {
  if (options.session) writeSession(options.session);
  const view = render(
    <Provider store={createReviewStore()}>
      <App />
    </Provider>,
  );
  return { ...view, user: userEvent.setup() };
}

/** A pending store as staff review it, as GET /review/stores/{id}/ answers it. */
export function reviewStore(overrides: { id?: number; name?: string } = {}): ReviewStore {
  const id = overrides.id ?? 41;
  const name = overrides.name ?? 'Acme Outdoors';
  return {
    store: {
      id,
      name,
      slug: 'acme-outdoors',
      client: 7,
      website_url: 'https://acme.example',
      affiliate_website_url: '',
      logo_url: '',
      contact_first_name: 'Ada',
      contact_last_name: 'Lovelace',
      contact_email: 'ada@acme.example',
      is_approved: false,
      declined: false,
      decline_reason: '',
      location: 'UK',
      primary_category: 1,
      url: 'http://localhost:4007/stores/acme-outdoors',
      stripe_subscription: null,
    },
    status: 'pending',
    owner_email: 'owner@acme.example',
    queued_at: '2026-11-20T10:00:00.000Z',
    coupons: [],
    actions: [],
    preview_url: 'about:blank',
  };
}

/** A live coupon of a store in review. */
export function reviewCoupon(store: ReviewStore, id: number, title: string): Coupon {
  const { slug, name, logo_url, website_url } = store.store;
  return {
    id,
    offer_type: 'other',
    store: { id: store.store.id, slug, name, logo_url, website_url },
    description: '',
    title,
    custom_url: '',
    destination_coupon_url: '',
    destination_affiliate_url: '',
    discount_code: '',
    minimum_order_amount: null,
    savings_amount: null,
    savings_percent: null,
    savings_minimum_order: null,
    up_to_savings_percent: null,
    start_date: null,
    expiration_date: null,
    approved: true,
    sort_number: 0,
  };
}

/** The store as the queue lists it. */
export const queueEntry = ({
  store,
  status,
  owner_email,
  queued_at,
}: ReviewStore): ReviewQueueEntry => ({
  store: { id: store.id, name: store.name, slug: store.slug, client: store.client },
  status,
  owner_email,
  queued_at,
});

/** One page of the queue listing these stores. */
export const queueOf = (...stores: ReviewStore[]) => ({
  count: stores.length,
  next: null,
  previous: null,
  results: stores.map(queueEntry),
});

/** GET /review/stores/{id}/ answering these stores (any other id: 404), counting the calls per id. */
export function storeDetails(...stores: ReviewStore[]) {
  const calls = new Map<number, number>();
  const handler = http.get('*/api/v1/review/stores/:id/', ({ params }) => {
    const id = Number(params.id);
    calls.set(id, (calls.get(id) ?? 0) + 1);
    const found = stores.find((entry) => entry.store.id === id);
    return found
      ? HttpResponse.json(found)
      : HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
  });
  return Object.assign(handler, { calls });
}
