import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { http, HttpResponse } from 'msw';
import { UK_CLIENT } from '@cc/config';
import type { ClientConfig } from '@cc/config';
import { writeStoredUser } from '@cc/api';
import type { StoredUser } from '@cc/api';
import pkg from '../../package.json' with { type: 'json' };
import { AppProviders } from '../app/app';
import { createRoutes } from '../app/routes';
import { createAppStore } from '../app/store';
import { me } from './fixtures';
import { server } from './server';

/**
 * Renders the whole app (shell, routes, guards, store) at a path, against the msw
 * HTTP layer. A signed-in render stores the user first, as a login would, and
 * answers /auth/me/ with the same user (verified unless its email_verified is false)
 * unless the test does.
 */
export function renderApp(
  path: string,
  options: { config?: ClientConfig; user?: StoredUser } = {},
) {
  const config = options.config ?? UK_CLIENT;
  if (options.user) {
    writeStoredUser(options.user);
    server.use(
      http.get('*/api/v1/auth/me/', () =>
        HttpResponse.json(
          me({
            store: options.user?.store ?? null,
            coupon_center_txn: options.user?.coupon_center_txn ?? null,
            // Verified unless the stored user says otherwise: the verification banner shows only when a test asks for it.
            email_verified: options.user?.email_verified ?? true,
          }),
        ),
      ),
    );
  }
  const store = createAppStore({ clientId: config.clientId });
  const router = createMemoryRouter(createRoutes(store), { initialEntries: [path] });
  const brandLogos = Object.fromEntries(
    config.brands.map((brand) => [brand.logo, `/brands/${brand.logo}`]),
  );
  const brand = { config, assets: { logoUrl: '/logo.svg', brandLogos }, version: pkg.version };
  const view = render(
    <AppProviders store={store} brand={brand}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, store, router, user: userEvent.setup() };
}
