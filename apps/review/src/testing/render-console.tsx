import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { http, HttpResponse } from 'msw';
import type { ReviewStore } from '@cc/contract';
import { App } from '../app/app';
import { writeSession, type StaffSession } from '../features/auth/session';
import { createReviewStore } from '../app/store';

export { queueEntry, queueOf, reviewCoupon, reviewStore, STAFF } from './console-fixtures';

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
