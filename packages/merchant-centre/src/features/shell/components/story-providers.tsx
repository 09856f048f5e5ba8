import { useState, type ReactNode } from 'react';
import { configureStore } from '@reduxjs/toolkit';
import type { Middleware } from '@reduxjs/toolkit';
import type { Decorator } from '@storybook/react-vite';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { api, noticesMiddleware } from '@cc/api';
import type { StoredUser } from '@cc/api';
import { ThemeProvider } from '@cc/ui/theme';
import pkg from '../../../../package.json' with { type: 'json' };
import { BrandProvider } from '../../../lib/brand-context';
import { rootReducer } from '../../../lib/root-reducer';
import { userStored } from '../../../lib/session/session-slice';
import { storyBrand } from '../../insights/components/story-brand';

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

/** The story's store: a story's `parameters.seed` puts API answers into it (e.g. `upsertQueryData`). */
export type StoryStore = ReturnType<typeof createStoryStore>;

type StoryProvidersProps = {
  globals: Record<string, unknown>;
  user: StoredUser | null;
  path: string;
  seed: ((store: StoryStore) => void) | undefined;
  children: ReactNode;
};

/**
 * What a screen component finds around it in the app: a Redux store as the app's
 * (notices, session, the API slice), the brand of the Storybook toolbar (its config,
 * a logo and the version) and a router at the story's path.
 */
function StoryProviders({ globals, user, path, seed, children }: StoryProvidersProps) {
  const config = storyBrand(globals);
  const [store] = useState(() => {
    const created = createStoryStore(config.clientId);
    if (user) created.dispatch(userStored(user));
    seed?.(created);
    return created;
  });
  const brandLogos = Object.fromEntries(config.brands.map((logo) => [logo.logo, `/brands/${logo.logo}`]));
  const logoUrl = `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="40"><text x="0" y="28" font-size="22">${config.appName}</text></svg>`,
  )}`;
  const brand = { config, assets: { logoUrl, brandLogos }, version: pkg.version };
  return (
    <Provider store={store}>
      <BrandProvider value={brand}>
        <ThemeProvider theme={config.theme}>
          <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
        </ThemeProvider>
      </BrandProvider>
    </Provider>
  );
}

/**
 * A story decorator with the providers: `parameters.session` signs a merchant in,
 * `parameters.path` sets the route and `parameters.seed` answers the screen's API calls.
 */
export const withAppProviders: Decorator = (Story, { globals, parameters }) => (
  <StoryProviders
    key={String(globals['brand'])}
    globals={globals}
    user={(parameters['session'] as StoredUser | undefined) ?? null}
    path={(parameters['path'] as string | undefined) ?? '/'}
    seed={parameters['seed'] as ((store: StoryStore) => void) | undefined}
  >
    <Story />
  </StoryProviders>
);
