import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Insights } from '@cc/contract';
import { renderApp } from '../../../testing/render-app';
import { store, storedUser } from '../../../testing/fixtures';
import { server } from '../../../testing/server';
import { emptyInsights, sampleInsights } from '../../../testing/sample-insights';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.restoreAllMocks());
// jsdom has no matchMedia, which uPlot reads the pixel ratio through as it loads (it draws nothing here: no canvas).
beforeAll(() => {
  if (typeof window.matchMedia === 'function') return;
  const matchMedia = (media: string) =>
    Object.assign(new EventTarget(), { matches: false, media, onchange: null });
  Object.defineProperty(window, 'matchMedia', { value: matchMedia, configurable: true });
});

const merchant = () => storedUser({ store: store() });

/** Answers GET /insights/ from `answer(days)` and records the windows asked for. */
function answerInsights(answer: (days: number) => Insights | Response) {
  const asked: string[] = [];
  server.use(
    http.get('*/api/v1/insights/', ({ request }) => {
      const days = new URL(request.url).searchParams.get('days') ?? '';
      asked.push(days);
      const body = answer(Number(days));
      return body instanceof Response ? body : HttpResponse.json(body);
    }),
  );
  return asked;
}

describe('/insights', () => {
  it("is in the signed-in nav right after 'My coupons'", async () => {
    answerInsights((days) => sampleInsights(days === 7 ? 7 : 30));
    renderApp('/my-store', { user: merchant() });
    const nav = within(await screen.findByRole('banner')).getByRole('navigation', { name: 'Main' });
    const names = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names.slice(names.indexOf('My coupons'), names.indexOf('My coupons') + 2)).toEqual([
      'My coupons',
      'Insights',
    ]);
    expect(within(nav).getByRole('link', { name: 'Insights' })).toHaveAttribute(
      'href',
      '/insights',
    );
  });

  it('shows the last 30 days: totals, a chart named by its totals, its figures as a table, and each coupon', async () => {
    const asked = answerInsights(() => sampleInsights(30));
    const { user } = renderApp('/insights', { user: merchant() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
    const chart = await screen.findByRole('img', {
      name: /^Views, code reveals and clicks per day, last 30 days/,
    });
    const { totals, coupons } = sampleInsights(30);
    expect(chart).toHaveAccessibleName(
      `Views, code reveals and clicks per day, last 30 days (1 Mar 2026 to 30 Mar 2026): ${totals.views} views, ${totals.reveals} code reveals, ${totals.clicks} clicks in total.`,
    );
    expect(asked).toEqual(['30']);
    expect(screen.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');

    // The chart is one keyboard stop, after the period switch and the section's download.
    screen.getByRole('button', { name: '90 days' }).focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Download CSV of visits per day' })).toHaveFocus();
    await user.tab();
    expect(chart).toHaveFocus();

    // 'Show as table' opens the same figures, one row per day.
    const toggle = screen.getByRole('button', { name: 'Show as table' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide table' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const daily = screen.getByRole('table', {
      name: 'Views, code reveals and clicks per day, last 30 days',
    });
    expect(within(daily).getAllByRole('row')).toHaveLength(31);
    expect(within(daily).getByRole('rowheader', { name: 'Mon, 30 Mar 2026' })).toBeVisible();

    const table = screen.getByRole('table', { name: 'Your coupons' });
    const [first] = coupons;
    const row = within(table).getByRole('row', { name: /20% OFF/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      String(first?.views),
      String(first?.reveals),
      String(first?.clicks),
      `${(Math.round(((first?.clicks ?? 0) / (first?.views ?? 1)) * 1000) / 10).toFixed(1).replace(/\.0$/, '')}%`,
      '—No shopper feedback yet',
    ]);
    expect(within(table).getAllByRole('row')).toHaveLength(4);
  });

  it('asks for 7 or 90 days when the merchant picks them', async () => {
    const asked = answerInsights((days) => sampleInsights(days === 7 ? 7 : days === 90 ? 90 : 30));
    const { user } = renderApp('/insights', { user: merchant() });
    await screen.findByRole('img', { name: /last 30 days/ });
    await user.click(screen.getByRole('button', { name: '7 days' }));
    expect(await screen.findByRole('img', { name: /last 7 days/ })).toBeVisible();
    expect(screen.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '30 days' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await user.click(screen.getByRole('button', { name: '90 days' }));
    expect(await screen.findByRole('img', { name: /last 90 days/ })).toBeVisible();
    expect(asked).toEqual(['30', '7', '90']);
  });

  it("says 'No visits yet' when every count of the window is zero", async () => {
    answerInsights(() => emptyInsights(30));
    renderApp('/insights', { user: merchant() });
    expect(await screen.findByRole('heading', { name: 'No visits yet' })).toBeVisible();
    expect(screen.queryByRole('img', { name: /^Views, code reveals and clicks/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Download CSV/ })).toBeNull();
  });

  it('shows an error when the figures cannot be loaded', async () => {
    answerInsights(() => HttpResponse.json({ message: 'Server Error' }, { status: 500 }));
    renderApp('/insights', { user: merchant() });
    expect(
      await screen.findByText('Your insights could not be loaded. Reload the page to try again.'),
    ).toBeVisible();
  });

  it('downloads the daily series and the coupon table as the CSV files the server names', async () => {
    answerInsights(() => sampleInsights(30));
    const files: Record<string, string> = {
      daily: 'Date,Views\r\n',
      coupons: 'Coupon ID,Offer\r\n',
    };
    server.use(
      http.get('*/api/v1/insights/:table', ({ params, request }) => {
        const table = String(params.table).replace('.csv', '');
        return new HttpResponse(`\uFEFF${files[table] ?? ''}`, {
          headers: {
            'content-disposition': `attachment; filename="shop-${table}-${new URL(request.url).searchParams.get('days') ?? ''}.csv"`,
          },
        });
      }),
    );
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:insights');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const { user } = renderApp('/insights', { user: merchant() });
    await user.click(await screen.findByRole('button', { name: 'Download CSV of visits per day' }));
    await user.click(screen.getByRole('button', { name: 'Download CSV of your coupons' }));
    await waitFor(() => expect(saved).toEqual(['shop-daily-30.csv', 'shop-coupons-30.csv']));
  });

  it('sends a merchant without a store to /my-store', async () => {
    renderApp('/insights', { user: storedUser({ store: null }) });
    expect(
      await screen.findByRole('heading', { level: 1, name: /ADD YOUR STORE TO/ }),
    ).toBeVisible();
  });
});
