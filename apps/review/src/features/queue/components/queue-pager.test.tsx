import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  queueEntry,
  renderConsole,
  reviewStore,
  STAFF,
  storeDetails,
} from '../../../testing/render-console';
import { server } from '../../../testing/server';
import { rangeText } from './queue-pager';

const PAGE = 20;
const stores = Array.from({ length: 45 }, (_, i) =>
  reviewStore({ id: i + 1, name: `Store ${i + 1}` }),
);
const link = (cursor: number, status: string | null) =>
  `http://localhost/api/v1/review/stores/?${status ? `status=${status}&` : ''}cursor=${cursor}`;

/** The queue by cursor as the server answers it: the cursor here is the page's first index. */
function pagedQueue(seen: string[]) {
  return http.get('*/api/v1/review/stores/', ({ request }) => {
    const params = new URL(request.url).searchParams;
    seen.push(params.toString());
    const start = Number(params.get('cursor') ?? 0);
    const status = params.get('status');
    return HttpResponse.json({
      count: stores.length,
      next: start + PAGE < stores.length ? link(start + PAGE, status) : null,
      previous: start > 0 ? link(start - PAGE, status) : null,
      results: stores.slice(start, start + PAGE).map(queueEntry),
    });
  });
}

const listedNames = () =>
  within(screen.getByRole('list', { name: 'Stores' }))
    .getAllByRole('button')
    .map((button) => button.textContent);

describe('review queue pages', () => {
  it('pages through the queue with Next and Previous, showing where the page sits in the whole queue', async () => {
    const seen: string[] = [];
    server.use(pagedQueue(seen), storeDetails(...stores));
    const { user } = renderConsole({ session: STAFF });
    expect(await screen.findByRole('status')).toHaveTextContent('1–20 of 45');
    expect(listedNames()[0]).toContain('Store 1');
    const previous = screen.getByRole('button', { name: 'Previous' });
    const next = screen.getByRole('button', { name: 'Next' });
    expect(previous).toHaveAttribute('aria-disabled', 'true');

    await user.click(next);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('21–40 of 45'));
    // The list and the selected store follow the page (they may render a moment after the range).
    await waitFor(() => expect(listedNames()[0]).toContain('Store 21'));
    expect(seen).toContain('status=pending&cursor=20');
    expect(await screen.findByRole('heading', { level: 2, name: 'Store 21' })).toBeVisible();

    await user.click(next);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('41–45 of 45'));
    // At the last page Next stays focused but does nothing.
    expect(next).toHaveFocus();
    expect(next).toHaveAttribute('aria-disabled', 'true');
    await user.click(next);
    expect(screen.getByRole('status')).toHaveTextContent('41–45 of 45');

    await user.click(previous);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('21–40 of 45'));
    await user.click(previous);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1–20 of 45'));
    expect(previous).toHaveAttribute('aria-disabled', 'true');
    await waitFor(() => expect(listedNames()[0]).toContain('Store 1'));
  });

  it('starts from the first page again when the filter changes', async () => {
    const seen: string[] = [];
    server.use(pagedQueue(seen), storeDetails(...stores));
    const { user } = renderConsole({ session: STAFF });
    expect(await screen.findByRole('status')).toHaveTextContent('1–20 of 45');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('21–40 of 45'));
    await user.click(screen.getByRole('button', { name: 'All stores' }));
    await waitFor(() => expect(seen[seen.length - 1]).toBe(''));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1–20 of 45'));
  });

  it('writes the range with thousands separators', () => {
    expect(rangeText({ offset: 0, shown: 20, count: 10_000 })).toBe('1–20 of 10,000');
    expect(rangeText({ offset: 9_980, shown: 20, count: 10_000 })).toBe('9,981–10,000 of 10,000');
    expect(rangeText({ offset: 0, shown: 0, count: 0 })).toBe('0 of 0');
  });
});
