import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_AUTO_HIDE_MS } from '@cc/config';
import { QUEUE_POLL_MS } from './queue-screen';
import { advanceClock, expectErrorBannerToHideAfter10Seconds } from '../../../testing/auto-hide';
import {
  queueOf,
  renderConsole,
  reviewCoupon,
  reviewStore,
  STAFF,
  storeDetails,
} from '../../../testing/render-console';
import { server } from '../../../testing/server';

afterEach(() => vi.useRealTimers());

describe('review queue', () => {
  it('hides the message of a queue that failed to load after 10 seconds, and shows the next failed poll again', async () => {
    server.use(
      http.get('*/api/v1/review/stores/', () =>
        HttpResponse.json({ message: 'Queue is resting' }, { status: 503 }),
      ),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderConsole({ session: STAFF });
    await expectErrorBannerToHideAfter10Seconds('Queue is resting');
    await advanceClock(QUEUE_POLL_MS - NOTIFICATION_AUTO_HIDE_MS);
    await expectErrorBannerToHideAfter10Seconds('Queue is resting');
  });

  it('lists stores by name and reads a store in full (its coupons) only when it is chosen', async () => {
    const [acme, birch] = [
      reviewStore({ id: 1, name: 'Acme Outdoors' }),
      reviewStore({ id: 2, name: 'Birch Books' }),
    ];
    const first = { ...acme, coupons: [reviewCoupon(acme, 11, 'Ten off tents')] };
    const second = { ...birch, coupons: [reviewCoupon(birch, 21, 'Two for one')] };
    const details = storeDetails(first, second);
    server.use(
      http.get('*/api/v1/review/stores/', () => HttpResponse.json(queueOf(first, second))),
      details,
    );
    const { user } = renderConsole({ session: STAFF });
    expect(await screen.findByText('Ten off tents')).toBeVisible();
    expect([details.calls.get(1), details.calls.get(2)]).toEqual([1, undefined]);
    await user.click(
      within(screen.getByRole('list', { name: 'Stores' })).getByRole('button', {
        name: /Birch Books/,
      }),
    );
    expect(await screen.findByText('Two for one')).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Birch Books' })).toBeVisible();
    expect(details.calls.get(2)).toBe(1);
  });
});
