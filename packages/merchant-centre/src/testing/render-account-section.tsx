import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { UK_CLIENT } from '@cc/config';
import { writeStoredUser } from '@cc/api';
import type { StoredUser } from '@cc/api';
import { AppProviders } from '../app/app';
import { attachApi } from '../app/attach-api';
import { createAppStore } from '../app/store';
import { userStored } from '../lib/session/session-slice';
import { MerchantLayout } from '../features/shell/components/merchant-layout';
import { RootLayout } from '../features/shell/components/root-layout';

/**
 * Test harness: one section of the Account screen at /account, signed in, inside the app's
 * shell (toasts) and the merchant screens' guard, with / and /login beside it, so a test
 * sees where the app goes. The section's calls go to the test's MSW handlers.
 */
export function renderAccountSection(section: ReactNode, user: StoredUser) {
  writeStoredUser(user);
  const store = createAppStore({ clientId: UK_CLIENT.clientId });
  attachApi(store);
  store.dispatch(userStored(user));
  const router = createMemoryRouter(
    [
      {
        path: '/',
        Component: RootLayout,
        children: [
          { index: true, element: <h1>Landing page</h1> },
          { path: 'login', element: <h1>Log in page</h1> },
          { Component: MerchantLayout, children: [{ path: 'account', element: section }] },
        ],
      },
    ],
    { initialEntries: ['/account'] },
  );
  const brand = {
    config: UK_CLIENT,
    assets: { logoUrl: '/logo.svg', brandLogos: {} },
    version: '0.0.0',
  };
  const view = render(
    <AppProviders store={store} brand={brand}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, store, router, user: userEvent.setup() };
}
