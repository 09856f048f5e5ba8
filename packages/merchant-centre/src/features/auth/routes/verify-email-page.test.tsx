import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app';
import { server } from '../../../testing/server';

describe('auth/verify-email', () => {
  it('without a token goes to /', async () => {
    const { router } = renderApp('/auth/verify-email');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows only a spinner while verifying, then goes to / when there is no store', async () => {
    let body: unknown;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.post('*/api/v1/auth/verify-email/', async ({ request }) => {
        body = await request.json();
        await held;
        return HttpResponse.json({ email_verified: true });
      }),
    );
    const { router } = renderApp('/auth/verify-email?token=good');
    expect(await screen.findByText('Verifying your email')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(body).toEqual({ token: 'good' });
  });

  it("a failure toasts 'An error occurred/Link is expired' and goes to /", async () => {
    server.use(
      http.post('*/api/v1/auth/verify-email/', () =>
        HttpResponse.json({ token: ['bad'] }, { status: 400 }),
      ),
    );
    const { router } = renderApp('/auth/verify-email?token=bad');
    expect(
      await screen.findByText('An error occurred/Link is expired', undefined, { timeout: 5000 }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
  });

  it('not verified shows the error and goes to /', async () => {
    server.use(
      http.post('*/api/v1/auth/verify-email/', () => HttpResponse.json({ email_verified: false })),
    );
    const { router } = renderApp('/auth/verify-email?token=t');
    expect(
      await screen.findByText('An error occurred/Link is expired', undefined, { timeout: 5000 }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
  });
});
