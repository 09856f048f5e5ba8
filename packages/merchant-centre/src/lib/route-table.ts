/**
 * Who may open a screen (SPEC section 2): anyone; a visitor only (a signed-in user goes to
 * /my-store); a merchant only (a visitor goes to /login).
 */
export type RouteAccess = 'anyone' | 'visitor' | 'merchant';

/** A screen's link in the signed-in nav; `last` puts it after 'Live coupon page'. */
export type NavEntry = { label: string; end?: boolean; last?: boolean };

/** One screen of the merchant centre. */
export type ScreenRoute = {
  /** The address, a pattern as React Router and the browser's URLPattern read it. */
  path: string;
  /** The screen's module under src/features, `<feature>/routes/<name>`; its chunk is named `<name>`. */
  screen: `${string}/routes/${string}`;
  access: RouteAccess;
  /** A merchant screen inside the signed-in frame (the verification banner and the merchant layout). */
  framed?: boolean;
  /** The landing page: prerendered into index.html, so the route hints load nothing for it. */
  prerendered?: boolean;
  nav?: NavEntry;
};

/**
 * The one route table: the router's routes (app/routes.tsx), the access rules, the signed-in
 * nav (features/shell's NavLinks) and, at build, the route hints, the bundle report's routes
 * and route-modules.json (build/route-table.mjs). The route hints take the first pattern that
 * matches an address, so a fixed path comes before a pattern that would also match it.
 */
export const ROUTES = [
  { path: '/', screen: 'landing/routes/landing-page', access: 'anyone', prerendered: true },
  { path: '/login', screen: 'auth/routes/login-page', access: 'visitor' },
  { path: '/register', screen: 'auth/routes/register-page', access: 'visitor' },
  {
    path: '/auth/password-reminder',
    screen: 'auth/routes/password-reminder-page',
    access: 'visitor',
  },
  { path: '/auth/set-password', screen: 'auth/routes/set-password-page', access: 'visitor' },
  { path: '/auth/verify-email', screen: 'auth/routes/verify-email-page', access: 'visitor' },
  {
    path: '/logout',
    screen: 'auth/routes/logout-page',
    access: 'merchant',
    nav: { label: 'Logout', last: true },
  },
  {
    path: '/my-store',
    screen: 'store/routes/my-store-page',
    access: 'merchant',
    framed: true,
    nav: { label: 'My Store', end: true },
  },
  {
    path: '/my-store/preview',
    screen: 'store/routes/store-preview-page',
    access: 'merchant',
    framed: true,
  },
  {
    path: '/coupons',
    screen: 'coupons/routes/coupon-list-page',
    access: 'merchant',
    framed: true,
    nav: { label: 'My coupons', end: true },
  },
  {
    path: '/coupons/add',
    screen: 'coupons/routes/coupon-add-page',
    access: 'merchant',
    framed: true,
  },
  {
    path: '/coupons/:couponId',
    screen: 'coupons/routes/coupon-edit-page',
    access: 'merchant',
    framed: true,
  },
  {
    path: '/insights',
    screen: 'insights/routes/insights-page',
    access: 'merchant',
    framed: true,
    nav: { label: 'Insights' },
  },
  {
    path: '/payment',
    screen: 'payment/routes/payment-page',
    access: 'merchant',
    framed: true,
    nav: { label: 'Payment' },
  },
  {
    path: '/account',
    screen: 'account/routes/account-page',
    access: 'merchant',
    framed: true,
    nav: { label: 'Account' },
  },
  { path: '/account/confirm-email', screen: 'account/routes/confirm-email-page', access: 'anyone' },
  { path: '/account/revert-email', screen: 'account/routes/revert-email-page', access: 'anyone' },
] as const satisfies readonly ScreenRoute[];

/** The signed-in nav's links, in the table's order. */
export const NAV_LINKS: readonly (NavEntry & { path: string })[] = (
  ROUTES as readonly ScreenRoute[]
).flatMap((route) => (route.nav ? [{ ...route.nav, path: route.path }] : []));
