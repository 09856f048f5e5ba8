import type { RouteObject } from 'react-router';
import { LandingPage } from '../features/landing/routes/landing-page';
import { merchantOnly, visitorOnly } from '../features/session/guards';
import { MerchantLayout } from '../features/shell/components/merchant-layout';
import { RootLayout } from '../features/shell/components/root-layout';
import { NotFoundPage, RouteError } from '../features/shell/components/route-error';
import { RouteLoading } from '../features/shell/components/route-loading';
import { loadApi } from './load-api';
import type { AppStore } from './store';

type LazyModule = { Component: React.ComponentType };

/**
 * Routes and access rules of SPEC section 2. The landing page ships in the entry;
 * every other screen is its own chunk, loaded with the API layer, so visitors on
 * the landing page download neither, and never the merchant screens.
 * Guards are plain loaders that read the stored user.
 */
export function createRoutes(store: AppStore): RouteObject[] {
  /** A route screen loaded on demand: its code is a chunk of its own. */
  const screen = (load: () => Promise<LazyModule>): RouteObject['lazy'] => ({
    Component: async () => {
      const [module] = await Promise.all([load(), loadApi(store)]);
      return module.Component;
    },
  });


  return [
    {
      path: '/',
      Component: RootLayout,
      ErrorBoundary: RouteError,
      HydrateFallback: RouteLoading,
      children: [
        { index: true, Component: LandingPage },
        { path: 'login', loader: visitorOnly, lazy: screen(() => import('../features/auth/routes/login-page')) },
        { path: 'register', loader: visitorOnly, lazy: screen(() => import('../features/auth/routes/register-page')) },
        {
          path: 'auth/password-reminder',
          loader: visitorOnly,
          lazy: screen(() => import('../features/auth/routes/password-reminder-page')),
        },
        {
          path: 'auth/set-password',
          loader: visitorOnly,
          lazy: screen(() => import('../features/auth/routes/set-password-page')),
        },
        {
          path: 'auth/verify-email',
          loader: visitorOnly,
          lazy: screen(() => import('../features/auth/routes/verify-email-page')),
        },
        { path: 'logout', loader: merchantOnly, lazy: screen(() => import('../features/auth/routes/logout-page')) },
        {
          loader: merchantOnly,
          Component: MerchantLayout,
          children: [
            { path: 'my-store', lazy: screen(() => import('../features/store/routes/my-store-page')) },
            { path: 'coupons', lazy: screen(() => import('../features/coupons/routes/coupon-list-page')) },
            { path: 'coupons/add', lazy: screen(() => import('../features/coupons/routes/coupon-add-page')) },
            { path: 'coupons/:couponId', lazy: screen(() => import('../features/coupons/routes/coupon-edit-page')) },
            { path: 'payment', lazy: screen(() => import('../features/payment/routes/payment-page')) },
          ],
        },
        { path: '*', Component: NotFoundPage },
      ],
    },
  ];
}
