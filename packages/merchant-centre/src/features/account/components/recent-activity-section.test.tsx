import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { storedUser } from '../../../testing/fixtures';
import { server } from '../../../testing/server';
import { renderAccountSection } from '../../../testing/render-account-section';
import { RecentActivitySection } from './recent-activity-section';
import { ACTIVITY } from '../../../testing/story-activity';

async function section() {
  return within(
    (await screen.findByRole('heading', { name: 'Recent activity' })).closest(
      'section',
    ) as HTMLElement,
  );
}

describe('Recent activity', () => {
  it('lists the account’s latest entries in words, newest first, with the address and when', async () => {
    let authorization: string | null = null;
    server.use(
      http.get('*/api/v1/account/activity/', ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json(ACTIVITY);
      }),
    );
    renderAccountSection(<RecentActivitySection />, storedUser({ token: 'access-3' }));
    const activity = await section();
    const items = await activity.findAllByRole('listitem');
    expect(items.map((item) => item.querySelector('span')?.textContent)).toEqual([
      'Signed in from 203.0.113.7 with Chrome 142 on macOS 15',
      'Failed sign-in attempt from 198.51.100.23',
      'Password changed from 203.0.113.7',
    ]);
    const first = items[0]?.querySelector('time');
    expect(first?.getAttribute('datetime')).toBe('2025-11-21T12:00:00.000Z');
    expect(first?.textContent).toMatch(/^2025-11-2[01] \d\d:\d\d$/);
    expect(authorization).toBe('Bearer access-3');
  });

  it('says when nothing is recorded yet', async () => {
    server.use(http.get('*/api/v1/account/activity/', () => HttpResponse.json([])));
    renderAccountSection(<RecentActivitySection />, storedUser());
    expect(await (await section()).findByText('Nothing recorded yet.')).toBeVisible();
  });

  it('says when the activity cannot be loaded', async () => {
    server.use(
      http.get('*/api/v1/account/activity/', () =>
        HttpResponse.json({ message: 'Down' }, { status: 500 }),
      ),
    );
    renderAccountSection(<RecentActivitySection />, storedUser());
    expect(
      await (await section()).findByText('The recent activity could not be loaded.'),
    ).toBeVisible();
  });
});
