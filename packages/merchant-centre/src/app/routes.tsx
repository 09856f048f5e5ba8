import { lazy, Suspense } from 'react';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { merchantOnly, visitorOnly } from '../lib/session/guards';
import { MerchantLayout } from '../features/shell/components/merchant-layout';
import { VerificationGate } from '../features/account/components/verification-gate';
import { RootLayout } from '../features/shell/components/root-layout';
import { NotFoundPage, RouteError } from '../features/shell/components/route-error';
import { RouteLoading } from '../features/shell/components/route-loading';
import { loadApi } from './load-api';
import { loadChunk } from '../lib/load-chunk';
import { ROUTES } from '../lib/route-table';
import type { ScreenRoute } from '../lib/route-table';
import type { AppStore } from './store';
import { useRefreshStoredUser } from './use-refresh-stored-user';

type LazyModule = { Component: ComponentType };

/** Every screen module, each a chunk of its own loaded on demand; the route table names which is where. */
const SCREENS = import.meta.glob<LazyModule>('./*/routes/*-page.tsx', { base: '../features' });

/** The shell around every screen; on app start a stored user is refreshed (loading the API layer). */
function AppRoot() {
  useRefreshStoredUser();
  return <RootLayout />;
}

/** The merchant screens, with the email-verification banner above each while the email is not verified. */
function MerchantFrame() {
  return (
    <>
      <VerificationGate />
      <MerchantLayout />
    </>
  );
}

/**
 * Routes and access rules of SPEC section 2, from the route table (lib/route-table.ts).
 * Every screen is its own chunk, loaded with the API layer (the landing page too, here for a signed-in user; a visitor on / gets it
 * without the app), so visitors on the landing page download neither the app nor the
 * merchant screens. Guards are plain loaders that read the stored user.
 */
export function createRoutes(store: AppStore): RouteObject[] {
  /** A visitor screen loaded on demand (route `lazy`): its code is a chunk of its own. */
  const screen = (chunk: string, load: () => Promise<LazyModule>): RouteObject['lazy'] => ({
    Component: async () => {
      const [module] = await Promise.all([
        loadChunk(chunk, load),
        loadChunk('api', () => loadApi(store)),
      ]);
      return module.Component;
    },
  });

  /**
   * A merchant screen, also its own chunk, but fetched only after the guard let the
   * user in: route `lazy` would start the download alongside the guard's redirect.
   * The loader checks the session, then loads the chunk and the API layer; the
   * component renders the already loaded module.
   */
  const merchantScreen = (
    chunk: string,
    load: () => Promise<LazyModule>,
  ): Pick<RouteObject, 'loader' | 'Component'> => {
    /** The screen once its loader has loaded it: rendered as it is, without suspending. */
    let Loaded: ComponentType | null = null;
    const Screen = lazy(async () => ({ default: (await loadChunk(chunk, load)).Component }));
    function MerchantScreen() {
      // A lazy component suspends on its first render even when its code is there, and
      // React then holds the screen back behind the fallback for its reveal throttle (300 ms).
      if (Loaded) return <Loaded />;
      return (
        <Suspense fallback={<RouteLoading />}>
          <Screen />
        </Suspense>
      );
    }
    return {
      loader: async () => {
        const redirect = merchantOnly();
        if (redirect) return redirect;
        const [module] = await Promise.all([
          loadChunk(chunk, load),
          loadChunk('api', () => loadApi(store)),
        ]);
        Loaded = module.Component;
        return null;
      },
      Component: MerchantScreen,
    };
  };

  const lazyScreen = (route: ScreenRoute): RouteObject => {
    const chunk = route.screen.slice(route.screen.lastIndexOf('/') + 1);
    const load = SCREENS[`./${route.screen}.tsx`];
    if (!load) throw new Error(`route table: no screen module features/${route.screen}.tsx`);
    if (route.access === 'merchant')
      return { path: route.path.slice(1), ...merchantScreen(chunk, load) };
    const visitor = route.access === 'visitor' ? { loader: visitorOnly } : {};
    const place = route.path === '/' ? { index: true as const } : { path: route.path.slice(1) };
    return { ...place, ...visitor, lazy: screen(chunk, load) };
  };
  const table: readonly ScreenRoute[] = ROUTES;

  return [
    {
      path: '/',
      Component: AppRoot,
      ErrorBoundary: RouteError,
      HydrateFallback: RouteLoading,
      children: [
        ...table.filter((route) => !route.framed).map(lazyScreen),
        {
          loader: merchantOnly,
          Component: MerchantFrame,
          children: table.filter((route) => route.framed).map(lazyScreen),
        },
        { path: '*', Component: NotFoundPage },
      ],
    },
  ];
}
