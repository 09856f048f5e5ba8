import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLIENTS } from '@cc/config';
import pkg from '../../../../package.json' with { type: 'json' };
import { renderApp } from '../../../testing/render-app';
import { store, storedUser } from '../../../testing/fixtures';

describe('shell', () => {
  it('has the logo, the visitor nav (Log in, Create your coupon page) and no merchant links', async () => {
    renderApp('/');
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByRole('img', { name: 'VoucherNest' })).toBeVisible();
    const nav = within(banner).getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(within(nav).getByRole('link', { name: 'Create your coupon page' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(within(nav).queryByRole('link', { name: 'Logout' })).toBeNull();
  });

  it("signed in: My Store, My coupons, Payment, 'Live coupon page' in a new tab by the store slug once live, Logout", async () => {
    const live = store({
      is_approved: true,
      stripe_subscription: {
        status: 'active',
        start_date: 1_763_726_400,
        canceled_at: null,
        current_period_end: 1_766_318_400,
      },
    });
    renderApp('/my-store', { user: storedUser({ store: live }), config: CLIENTS[7] });
    const nav = within(await screen.findByRole('banner')).getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'My Store' })).toHaveAttribute(
      'href',
      '/my-store',
    );
    expect(within(nav).getByRole('link', { name: 'My coupons' })).toHaveAttribute(
      'href',
      '/coupons',
    );
    expect(within(nav).getByRole('link', { name: 'Payment' })).toHaveAttribute('href', '/payment');
    const link = within(nav).getByRole('link', { name: 'Live coupon page' });
    expect(link).toHaveAttribute('href', '/stores/acme-voucher-codes');
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(nav).getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/logout');
    expect(within(nav).queryByRole('link', { name: 'Log in' })).toBeNull();
  });

  it("before approval 'Live coupon page' opens the in-app preview, not the public page", async () => {
    renderApp('/my-store', { user: storedUser({ store: store() }), config: CLIENTS[7] });
    const nav = within(await screen.findByRole('banner')).getByRole('navigation', { name: 'Main' });
    const link = within(nav).getByRole('link', { name: 'Live coupon page' });
    expect(link).toHaveAttribute('href', '/my-store/preview');
    expect(link).not.toHaveAttribute('target');
    expect(link).toHaveAccessibleDescription('Not live yet: opens a preview');
  });

  it('opens the menu in a dialog on small screens and closes it', async () => {
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(dialog).getByRole('link', { name: 'Log in' })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the copyright with the current year and the package's version as the version label", async () => {
    renderApp('/');
    expect(await screen.findByRole('contentinfo')).toHaveTextContent(
      `© ${new Date().getFullYear()} VoucherNest.co.uk`,
    );
    expect(screen.getByLabelText(`Version ${pkg.version}`)).toHaveTextContent(pkg.version);
  });
});
