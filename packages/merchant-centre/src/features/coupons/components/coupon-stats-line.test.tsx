import { configure, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../testing/render-app';
import { store, storedUser } from '../../../testing/fixtures';
import { couponPage, page } from '../../../testing/merchant-fixtures';
import { server } from '../../../testing/server';

vi.setConfig({ testTimeout: 20_000 });
beforeAll(() => configure({ asyncUtilTimeout: 5000 }));

describe('the coupon cards show the last 30 days of the public store page', () => {
  it('shows views, code reveals and clicks per coupon, zero for a coupon without counts, once the rows have shown', async () => {
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.get('*/api/v1/coupons/', () => HttpResponse.json(page([]))),
      http.get('*/api/v1/coupons', () => HttpResponse.json(couponPage(2))),
      http.get('*/api/v1/coupons/stats/', async () => {
        await held;
        return HttpResponse.json({
          days: 30,
          from: '2026-10-23',
          to: '2026-11-21',
          results: [{ coupon: 1, views: 12, reveals: 1, clicks: 3 }],
        });
      }),
    );
    renderApp('/coupons', { user: storedUser({ store: store() }) });
    await screen.findByRole('heading', { level: 1, name: 'My coupons' });
    // The rows show while the counts are on their way; their lines hold the place unseen.
    expect(screen.getAllByRole('article')).toHaveLength(2);
    const placeholders = screen.getAllByText(/^Last 30 days/);
    expect(placeholders).toHaveLength(2);
    for (const line of placeholders) expect(line).toHaveAttribute('aria-hidden', 'true');
    for (const line of placeholders) expect(line).toHaveClass('invisible');
    answer();
    await screen.findByText('Last 30 days: 12 views · 1 code reveal · 3 clicks');
    const [first, second] = screen.getAllByRole('article');
    if (!first || !second) throw new Error('two cards expected');
    expect(
      within(first).getByText('Last 30 days: 12 views · 1 code reveal · 3 clicks'),
    ).toBeVisible();
    expect(
      within(second).getByText('Last 30 days: 0 views · 0 code reveals · 0 clicks'),
    ).toBeVisible();
  });
});
