import { screen, waitFor } from '@testing-library/react';
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

describe('review queue search', () => {
  it('finds stores by the start of their slug, asking for the first page of the filtered queue', async () => {
    const seen: URLSearchParams[] = [];
    server.use(
      http.get('*/api/v1/review/stores/', ({ request }) => {
        const params = new URL(request.url).searchParams;
        seen.push(params);
        const found = params.get('search')
          ? [reviewStore({ id: 7, name: 'Acme Outdoors' })]
          : [reviewStore({ id: 1, name: 'Zed Shop' })];
        const next = params.get('search')
          ? null
          : 'http://localhost/api/v1/review/stores/?status=pending&cursor=abc';
        return HttpResponse.json({
          count: params.get('search') ? 1 : 40,
          next,
          previous: null,
          results: found.map(queueEntry),
        });
      }),
      storeDetails(
        reviewStore({ id: 7, name: 'Acme Outdoors' }),
        reviewStore({ id: 1, name: 'Zed Shop' }),
      ),
    );
    const { user } = renderConsole({ session: STAFF });
    expect(await screen.findByRole('status')).toHaveTextContent('1–1 of 40');
    await user.type(screen.getByRole('searchbox', { name: 'Store slug starts with' }), 'acme out');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1–1 of 1'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Acme Outdoors' })).toBeVisible();
    const last = seen[seen.length - 1];
    expect(last?.get('search')).toBe('acme out');
    expect(last?.get('status')).toBe('pending');
    expect(last?.has('cursor')).toBe(false);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');
  });
});
