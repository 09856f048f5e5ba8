import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { ClientConfig } from '@cc/config';
import { ThemeProvider } from '@cc/ui/theme';
import { BrandProvider } from '../lib/brand-context';
import type { Brand, BrandAssets } from '../lib/brand-context';
import { LinksProvider } from '../lib/links';
import { ROUTER_LINKS } from '../lib/router-links';
import { createRoutes } from './routes';
import { createAppStore } from './store';
import type { AppStore } from './store';

export type AppProps = {
  /** The brand's client configuration, injected by the brand build. */
  config: ClientConfig;
  assets: BrandAssets;
  /** The version label: the brand package's version, injected by the brand build. */
  version: string;
};

/** Store, brand, theme and the router's links around any router; tests pass a memory router here. */
export function AppProviders({
  store,
  brand,
  children,
}: {
  store: AppStore;
  brand: Brand;
  children: ReactNode;
}) {
  return (
    <Provider store={store}>
      <BrandProvider value={brand}>
        <ThemeProvider theme={brand.config.theme}>
          <LinksProvider value={ROUTER_LINKS}>{children}</LinksProvider>
        </ThemeProvider>
      </BrandProvider>
    </Provider>
  );
}

/** The merchant centre every brand build renders. */
export function App({ config, assets, version }: AppProps) {
  const [store] = useState(() => createAppStore({ clientId: config.clientId }));
  const [router] = useState(() => createBrowserRouter(createRoutes(store)));
  const brand = useMemo(() => ({ config, assets, version }), [config, assets, version]);
  return (
    <AppProviders store={store} brand={brand}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
