// Every GET a signed-in merchant's screens send (packages/merchant-centre through packages/api's
// endpoints), as the browser sends them: path and query as RTK Query builds them, the bearer token,
// the brand's x-site-key and x-coupon-center. Then the GETs packages/api offers a merchant that no
// screen calls today. Each route asks for a random merchant's own data (`next`), or for every
// merchant's once (`all`, the warm-up).
import { every } from './scale-shared.mjs';

/** The merchant centre's default Insights window (DEFAULT_INSIGHTS_WINDOW). */
const INSIGHTS_DAYS = 30;

/**
 * A signed-in merchant of the bench: couponId one of their store's coupons already started, or null.
 * @typedef {{ token: string, client: number, slug: string, storeId: number, couponId: number | null }} Merchant
 */

/** What the merchant centre sends with every call of a signed-in merchant. */
const headersOf = (/** @type {Merchant} */ m) => ({
  authorization: `Bearer ${m.token}`,
  'x-site-key': String(m.client),
  'x-coupon-center': '1',
});

/**
 * The merchant routes over `merchants` ({ token, client, slug, storeId, couponId }; couponId: one
 * of their store's coupons already started, or null). `names` (BENCH_SCALE_ROUTES) keeps only
 * those named; empty keeps all. Each route: name, group (screen, download, api), route (the path
 * as a template) and next/all.
 * @param {Merchant[]} merchants
 * @param {string[]} [names]
 */
export function merchantRoutes(merchants, names = []) {
  const withCoupon = merchants.filter((m) => m.couponId);
  /**
   * @param {string} name
   * @param {string} group
   * @param {string} path
   * @param {Merchant[]} items
   * @param {(merchant: Merchant) => string} build
   * @returns {import('./scale-shared.mjs').BenchRoute}
   */
  const route = (name, group, path, items, build) => ({
    name,
    group,
    route: `GET ${path}`,
    ...every(items, (m) => ({ path: build(m), headers: headersOf(m) })),
  });
  const list = [
    // Every screen: the merchant, their store and its subscription (useMerchant).
    route('me', 'screen', '/api/v1/auth/me/', merchants, () => '/api/v1/auth/me/'),
    // Coupons and store preview: the store's coupons, scheduled ones included (useStoreCoupons).
    route(
      'coupons',
      'screen',
      '/api/v1/coupons?store_slug={slug}&client={client}&include_scheduled=1',
      merchants,
      (m) =>
        `/api/v1/coupons?store_slug=${encodeURIComponent(m.slug)}&client=${m.client}&include_scheduled=1`,
    ),
    // Coupon edit: one coupon through the list's id search.
    route(
      'coupon',
      'screen',
      '/api/v1/coupons/?id_search_text={coupon id}&client={client}',
      withCoupon,
      (m) => `/api/v1/coupons/?id_search_text=${m.couponId}&client=${m.client}`,
    ),
    // Coupons: each coupon's views, reveals and clicks over 30 days.
    route('stats', 'screen', '/api/v1/coupons/stats/', merchants, () => '/api/v1/coupons/stats/'),
    route(
      'insights',
      'screen',
      `/api/v1/insights/?days=${INSIGHTS_DAYS}`,
      merchants,
      () => `/api/v1/insights/?days=${INSIGHTS_DAYS}`,
    ),
    // Payment: the brand's plan and the order history.
    route(
      'plans',
      'screen',
      '/api/v1/coupon-center-plans/?client={client}',
      merchants,
      (m) => `/api/v1/coupon-center-plans/?client=${m.client}`,
    ),
    route(
      'transactions',
      'screen',
      '/api/v1/coupon-center-transactions/',
      merchants,
      () => '/api/v1/coupon-center-transactions/',
    ),
    // My store: the billing details form and the e-mail notification settings.
    route(
      'billing-details',
      'screen',
      '/api/v1/billing-details/',
      merchants,
      () => '/api/v1/billing-details/',
    ),
    route(
      'mail-preferences',
      'screen',
      '/api/v1/mail-preferences/',
      merchants,
      () => '/api/v1/mail-preferences/',
    ),
    // The screens' CSV downloads (a click each).
    route(
      'orders-csv',
      'download',
      '/api/v1/billing/orders.csv',
      merchants,
      () => '/api/v1/billing/orders.csv',
    ),
    route(
      'insights-daily-csv',
      'download',
      `/api/v1/insights/daily.csv?days=${INSIGHTS_DAYS}`,
      merchants,
      () => `/api/v1/insights/daily.csv?days=${INSIGHTS_DAYS}`,
    ),
    route(
      'insights-coupons-csv',
      'download',
      `/api/v1/insights/coupons.csv?days=${INSIGHTS_DAYS}`,
      merchants,
      () => `/api/v1/insights/coupons.csv?days=${INSIGHTS_DAYS}`,
    ),
    // In packages/api, not called by a screen today.
    route(
      'store',
      'api',
      '/api/v1/stores/{store id}/',
      merchants,
      (m) => `/api/v1/stores/${m.storeId}/`,
    ),
    route(
      'coupon-by-id',
      'api',
      '/api/v1/coupons/{coupon id}/',
      withCoupon,
      (m) => `/api/v1/coupons/${m.couponId}/`,
    ),
    route(
      'payment-methods',
      'api',
      '/api/v1/payment-methods/',
      merchants,
      () => '/api/v1/payment-methods/',
    ),
  ];
  const unknown = names.filter((name) => !list.some((r) => r.name === name));
  if (unknown.length > 0)
    throw new Error(
      `BENCH_SCALE_ROUTES: no route ${unknown.join(', ')} (known: ${list.map((r) => r.name).join(', ')})`,
    );
  const picked = list.filter((r) => names.length === 0 || names.includes(r.name));
  if (
    withCoupon.length === 0 &&
    picked.some((r) => r.name === 'coupon' || r.name === 'coupon-by-id')
  ) {
    throw new Error(
      'No signed-in merchant has a started coupon: seed more coupons (BENCH_SCALE_SIZES=stores:coupons)',
    );
  }
  return picked;
}
