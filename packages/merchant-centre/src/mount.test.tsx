import { act, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UK_CLIENT } from '@cc/config';
import pkg from '../package.json' with { type: 'json' };
import { mountApp } from './mount';
import { prerenderLanding } from './prerender';

const brandLogos = Object.fromEntries(
  UK_CLIENT.brands.map((brand) => [brand.logo, `/brands/${brand.logo}`]),
);
const props = {
  config: UK_CLIENT,
  assets: { logoUrl: '/logo.svg', brandLogos },
  version: pkg.version,
};

/** #root as index.html ships it: the prerendered landing page. */
function prerenderedRoot(): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = prerenderLanding(props);
  document.body.append(root);
  return root;
}

afterEach(() => {
  document.body.replaceChildren();
  document.documentElement.removeAttribute('data-app-ready');
  window.history.replaceState(null, '', '/');
});

describe('starting the page', () => {
  it('on / for a visitor hydrates the prerendered landing page as it stands, its links plain addresses of the app', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const root = prerenderedRoot();
    const cta = within(root).getByRole('main').querySelector('a[href="/register"]');
    act(() => mountApp(root, props));
    await waitFor(() => expect(document.documentElement).toHaveAttribute('data-app-ready'));
    // Hydrated, not rendered again: the same element, and no mismatch reported.
    expect(within(root).getByRole('main').querySelector('a[href="/register"]')).toBe(cta);
    expect(errors).not.toHaveBeenCalled();
    const nav = within(within(root).getByRole('banner')).getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(within(nav).getByRole('link', { name: 'Create your coupon page' })).toHaveAttribute(
      'href',
      '/register',
    );
    errors.mockRestore();
  });
});
