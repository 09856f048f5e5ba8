import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError } from '../../../lib/load-chunk';
import { RouteError } from './route-error';

function renderFailingRoute(error: unknown) {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const router = createMemoryRouter(
    [
      {
        path: '/',
        ErrorBoundary: RouteError,
        loader: () => {
          throw error;
        },
        Component: () => null,
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
}

describe('route error screen', () => {
  it("shows 'Loading chunk N failed' when a screen's chunk did not load, with a reload button", async () => {
    renderFailingRoute(new ChunkLoadError('payment-page', 'timeout'));
    expect(
      await screen.findByRole('heading', { name: 'Loading chunk payment-page failed' }),
    ).toBeVisible();
    expect(screen.getByText('The page took too long to load.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeVisible();
  });

  it('shows a general message for any other failure', async () => {
    renderFailingRoute(new Error('boom'));
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
  });
});
