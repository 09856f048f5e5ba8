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
import type { AppStore } from './store';
import { useRefreshStoredUser } from './use-refresh-stored-user';

type LazyModule = { Component: ComponentType };

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
 * Routes and access rules of SPEC section 2. Every screen is its own chunk, loaded with
 * the API layer (the landing page too, here for a signed-in user; a visitor on / gets it
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
        const [module] = await Promise.all([loadChunk(chunk, load), loadChunk('api', () => loadApi(store))]);
        Loaded = module.Component;
        return null;
      },
      Component: MerchantScreen,
    };
  };

  return [
    {
      path: '/',
      Component: AppRoot,
      ErrorBoundary: RouteError,
      HydrateFallback: RouteLoading,
      children: [
        { index: true, lazy: screen('landing-page', () => import('../features/landing/routes/landing-page')) },
        {
          path: 'login',
          loader: visitorOnly,
          lazy: screen('login-page', () => import('../features/auth/routes/login-page')),
        },
        {
          path: 'register',
          loader: visitorOnly,
          lazy: screen('register-page', () => import('../features/auth/routes/register-page')),
        },
        {
          path: 'auth/password-reminder',
          loader: visitorOnly,
          lazy: screen(
            'password-reminder-page',
            () => import('../features/auth/routes/password-reminder-page'),
          ),
        },
        {
          path: 'auth/set-password',
          loader: visitorOnly,
          lazy: screen(
            'set-password-page',
            () => import('../features/auth/routes/set-password-page'),
          ),
        },
        {
          path: 'auth/verify-email',
          loader: visitorOnly,
          lazy: screen(
            'verify-email-page',
            () => import('../features/auth/routes/verify-email-page'),
          ),
        },
        {
          path: 'logout',
          ...merchantScreen('logout-page', () => import('../features/auth/routes/logout-page')),
        },
        {
          path: 'account/confirm-email',
          lazy: screen('confirm-email-page', () => import('../features/account/routes/confirm-email-page')),
        },
        {
          path: 'account/revert-email',
          lazy: screen('revert-email-page', () => import('../features/account/routes/revert-email-page')),
        },
        {
          loader: merchantOnly,
          Component: MerchantFrame,
          children: [
            {
              path: 'my-store',
              ...merchantScreen(
                'my-store-page',
                () => import('../features/store/routes/my-store-page'),
              ),
            },
            {
              path: 'my-store/preview',
              ...merchantScreen(
                'store-preview-page',
                () => import('../features/store/routes/store-preview-page'),
              ),
            },
            {
              path: 'coupons',
              ...merchantScreen(
                'coupon-list-page',
                () => import('../features/coupons/routes/coupon-list-page'),
              ),
            },
            {
              path: 'coupons/add',
              ...merchantScreen(
                'coupon-add-page',
                () => import('../features/coupons/routes/coupon-add-page'),
              ),
            },
            {
              path: 'coupons/:couponId',
              ...merchantScreen(
                'coupon-edit-page',
                () => import('../features/coupons/routes/coupon-edit-page'),
              ),
            },
            {
              path: 'insights',
              ...merchantScreen('insights-page', () => import('../features/insights/routes/insights-page')),
            },
            {
              path: 'payment',
              ...merchantScreen(
                'payment-page',
                () => import('../features/payment/routes/payment-page'),
              ),
            },
            {
              path: 'account',
              ...merchantScreen('account-page', () => import('../features/account/routes/account-page')),
            },
          ],
        },
        { path: '*', Component: NotFoundPage },
      ],
    },
  ];
}
