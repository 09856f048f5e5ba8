import { http, HttpResponse } from 'msw';
import { afterEach, describe, it, vi } from 'vitest';
import { NOTIFICATION_AUTO_HIDE_MS } from '@cc/config';
import { QUEUE_POLL_MS } from './queue-screen';
import { advanceClock, expectErrorBannerToHideAfter10Seconds } from '../../../test/auto-hide';
import { renderConsole, STAFF } from '../../../test/render-console';
import { server } from '../../../test/server';

afterEach(() => vi.useRealTimers());

describe('review queue', () => {
  it('hides the message of a queue that failed to load after 10 seconds, and shows the next failed poll again', async () => {
    server.use(http.get('*/api/v1/review/stores/', () => HttpResponse.json({ message: 'Queue is resting' }, { status: 503 })));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderConsole({ session: STAFF });
    await expectErrorBannerToHideAfter10Seconds('Queue is resting');
    await advanceClock(QUEUE_POLL_MS - NOTIFICATION_AUTO_HIDE_MS);
    await expectErrorBannerToHideAfter10Seconds('Queue is resting');
  });
});
