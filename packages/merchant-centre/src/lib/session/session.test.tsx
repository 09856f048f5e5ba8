import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { readStoredUser } from '@cc/api';
import { renderApp } from '../../testing/render-app';
import { me, store, storedUser } from '../../testing/fixtures';
import { page } from '../../testing/merchant-fixtures';
import { server } from '../../testing/server';

describe('session on app start', () => {
  it('refreshes a stored user from /auth/me/, merging coupon_center_txn and store', async () => {
    renderApp('/coupons', { user: storedUser({ token: 'keep-me' }) });
    server.use(
      http.get('*/api/v1/coupons', () => HttpResponse.json(page([]))),
      http.get('*/api/v1/auth/me/', () =>
        HttpResponse.json(
          me({
            // Approved and paid: the 'Live coupon page' link opens the public page itself.
            store: store({
              slug: 'fresh-slug',
              is_approved: true,
              stripe_subscription: {
                status: 'active',
                start_date: 1_763_726_400,
                canceled_at: null,
                current_period_end: 1_766_318_400,
              },
            }),
            coupon_center_txn: { id: 77 },
            email_verified: true,
          }),
        ),
      ),
    );
    await waitFor(() => expect(readStoredUser()?.coupon_center_txn).toEqual({ id: 77 }));
    expect(readStoredUser()).toMatchObject({
      token: 'keep-me',
      store: { slug: 'fresh-slug' },
      email_verified: true,
    });
    expect(await screen.findByRole('link', { name: 'Live coupon page' })).toHaveAttribute(
      'href',
      '/stores/fresh-slug',
    );
  });

  it('a session whose refresh fails is signed out and sent to /login', async () => {
    server.use(
      http.post('*/api/v1/auth/token/refresh/', () =>
        HttpResponse.json({ message: 'expired' }, { status: 401 }),
      ),
    );
    const view = renderApp('/payment', { user: storedUser() });
    server.use(
      http.get('*/api/v1/auth/me/', () =>
        HttpResponse.json({ message: 'expired' }, { status: 401 }),
      ),
    );
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/login'));
    expect(readStoredUser()).toBeNull();
  });
});
