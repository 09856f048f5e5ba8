import { useState, type ReactNode } from 'react';
import { configureStore } from '@reduxjs/toolkit';
import type { Middleware } from '@reduxjs/toolkit';
import type { Decorator } from '@storybook/react-vite';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { api, noticesMiddleware } from '@cc/api';
import type { StoredUser } from '@cc/api';
import { ThemeProvider } from '@cc/ui/theme';
import { ToastContainer } from '@cc/ui/toast-container';
import pkg from '../../package.json' with { type: 'json' };
import { BrandProvider } from '../lib/brand-context';
import { LinksProvider } from '../lib/links';
import { rootReducer } from '../lib/root-reducer';
import { ROUTER_LINKS } from '../lib/router-links';
import { userStored } from '../lib/session/session-slice';
import { storyBrand } from './story-brand';
import { NoticeToasts } from '../features/shell/components/notice-toasts';

function createStoryStore(clientId: number) {
  rootReducer.inject(api);
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: { clientId } } }).concat(
        noticesMiddleware,
        // The API middleware is typed for a state that always has the API slice; here it is injected.
        api.middleware as Middleware,
      ),
  });
}

type StoryProvidersProps = {
  globals: Record<string, unknown>;
  user: StoredUser | null;
  path: string;
  children: ReactNode;
};

/**
 * What a screen component finds around it in the app: a Redux store as the app's
 * (notices, session, the API slice), the brand of the Storybook toolbar (its config,
 * a logo and the version), a router at the story's path and the toasts that show the
 * notice lists (a failed call's message, through packages/api's error mapper).
 */
function StoryProviders({ globals, user, path, children }: StoryProvidersProps) {
  const config = storyBrand(globals);
  const [store] = useState(() => {
    const created = createStoryStore(config.clientId);
    if (user) created.dispatch(userStored(user));
    return created;
  });
  const brandLogos = Object.fromEntries(
    config.brands.map((logo) => [logo.logo, `/brands/${logo.logo}`]),
  );
  const logoUrl = `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="40"><text x="0" y="28" font-size="22">${config.appName}</text></svg>`,
  )}`;
  const brand = { config, assets: { logoUrl, brandLogos }, version: pkg.version };
  return (
    <Provider store={store}>
      <BrandProvider value={brand}>
        <ThemeProvider theme={config.theme}>
          <LinksProvider value={ROUTER_LINKS}>
            <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
          </LinksProvider>
          <ToastContainer />
          <NoticeToasts />
        </ThemeProvider>
      </BrandProvider>
    </Provider>
  );
}

/**
 * A story decorator with the providers: `parameters.session` signs a merchant in and
 * `parameters.path` sets the route. The screen's API calls go through packages/api's
 * endpoints to the story's MSW handlers (`parameters.msw`, test/api-handlers.ts).
 */
export const withAppProviders: Decorator = (Story, { globals, parameters }) => (
  <StoryProviders
    key={String(globals['brand'])}
    globals={globals}
    user={(parameters['session'] as StoredUser | undefined) ?? null}
    path={(parameters['path'] as string | undefined) ?? '/'}
  >
    <Story />
  </StoryProviders>
);
