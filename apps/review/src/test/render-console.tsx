import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import type { ReviewStore } from '@cc/contract';
import { App } from '../app/app';
import { writeSession, type StaffSession } from '../features/auth/session';
import { createReviewStore } from '../app/store';

export const STAFF: StaffSession = { token: 'access-1', email: 'staff@couponcenter.local' };

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

/** A pending store in the queue, as GET /review/stores/ lists it. */
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

export const queueOf = (...results: ReviewStore[]) => ({ count: results.length, next: null, previous: null, results });
