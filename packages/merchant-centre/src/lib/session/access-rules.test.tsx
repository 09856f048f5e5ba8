import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { storedUser } from '../../testing/fixtures';

const VISITOR_ONLY = [
  '/login',
  '/register',
  '/auth/set-password?token=t',
  '/auth/verify-email?token=t',
  '/auth/password-reminder',
];
const MERCHANT = ['/my-store', '/coupons', '/coupons/add', '/coupons/12', '/payment', '/logout'];

describe('access rules', () => {
  it.each(VISITOR_ONLY)('%s sends a signed-in user to /my-store', async (path) => {
    const { router } = renderApp(path, { user: storedUser() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-store'));
    expect(
      await screen.findByRole('heading', { name: 'ADD YOUR STORE TO VoucherNest.co.uk' }),
    ).toBeVisible();
  });

  it.each(MERCHANT)('%s sends a visitor with no stored user to /login', async (path) => {
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeVisible();
  });

  it.each(['/my-store', '/coupons', '/coupons/add', '/coupons/12', '/payment'])(
    '%s lets a signed-in merchant in',
    async (path) => {
      const { router } = renderApp(path, { user: storedUser() });
      await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
      expect(await screen.findByRole('heading', { level: 1 })).toBeVisible();
      expect(router.state.location.pathname).not.toBe('/login');
    },
  );

  it.each([
    ['/my-store', 'ADD YOUR STORE TO VoucherNest.co.uk'],
    ['/payment', 'PAYMENT'],
  ])('%s shows its title', async (path, title) => {
    renderApp(path, { user: storedUser() });
    expect(await screen.findByRole('heading', { name: title })).toBeVisible();
  });

  it('the landing page is open to both', async () => {
    renderApp('/', { user: storedUser() });
    expect(await screen.findByTestId('price')).toBeVisible();
  });
});
