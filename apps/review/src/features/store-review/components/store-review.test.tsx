import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectErrorBannerToHideAfter10Seconds } from '../../../testing/auto-hide';
import {
  queueOf,
  renderConsole,
  reviewStore,
  STAFF,
  storeDetails,
} from '../../../testing/render-console';
import { server } from '../../../testing/server';

afterEach(() => vi.useRealTimers());

describe('approve or decline a store', () => {
  it("shows the server's field message when the decline reason is blank", async () => {
    server.use(
      http.get('*/api/v1/review/stores/', () => HttpResponse.json(queueOf(reviewStore()))),
      storeDetails(reviewStore()),
      http.post('*/api/v1/review/stores/41/decline/', () =>
        HttpResponse.json({ reason: ['This field is required.'] }, { status: 400 }),
      ),
    );
    const { user } = renderConsole({ session: STAFF });
    await user.type(await screen.findByLabelText(/Reason for declining/), '   ');
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('This field is required.')).toBeVisible();
  });

  it("shows the catalogue's message for a failed approval for 10 seconds", async () => {
    server.use(
      http.get('*/api/v1/review/stores/', () => HttpResponse.json(queueOf(reviewStore()))),
      storeDetails(reviewStore()),
      http.post('*/api/v1/review/stores/41/approve/', () =>
        HttpResponse.json({ message: 'Not found.' }, { status: 404 }),
      ),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderConsole({ session: STAFF });
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    await expectErrorBannerToHideAfter10Seconds('Not found.');
  });
});
