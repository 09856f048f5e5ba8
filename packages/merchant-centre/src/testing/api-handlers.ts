import { delay, http, HttpResponse } from 'msw';
import type { HttpHandler } from 'msw';
import type { WireCoupon } from '../lib/api/coupon-mapper';
import { API_BASE_PATH } from '@cc/api/constants';
import type {
  CouponStats,
  Insights,
  PaymentMethod,
  Plan,
  Store,
  StripeSubscription,
  Transaction,
  User,
} from '@cc/contract';
import { DEFAULT_MAIL_PREFERENCES, NO_BILLING_DETAILS } from '@cc/contract';
import { page } from './merchant-fixtures';

/**
 * The API answers of the screen tests (test/server.ts, in Node) and of the stories
 * (Storybook's service worker): one set of handlers, each answering a call of
 * packages/api's endpoints with the wire shape of @cc/contract.
 */

/** Any origin, the API base, then the call's path as packages/api writes it. */
export const apiPath = (path: string) => `*${API_BASE_PATH}/${path}`;

/** What a store that never chose has: answered by default, and the tests' starting point. */
export { DEFAULT_MAIL_PREFERENCES, NO_BILLING_DETAILS };

/** The window GET /coupons/stats/ reports over. */
const STATS_WINDOW = { days: 30, from: '2026-10-23', to: '2026-11-21' };

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A call that never answers: the screen stays in its loading state. */
export function pending(method: Method, path: string): HttpHandler {
  return http[method](apiPath(path), async () => {
    await delay('infinite');
    return new HttpResponse(null, { status: 204 });
  });
}

/** A call that fails with `status`; `message` becomes the body's message, as the server sends it. */
export function failing(
  method: Method,
  path: string,
  status: number,
  message?: string,
): HttpHandler {
  return http[method](apiPath(path), () =>
    message === undefined
      ? new HttpResponse(null, { status })
      : HttpResponse.json({ message }, { status }),
  );
}

/** GET /auth/me/: the signed-in merchant, their store and payment transaction. */
export const meAnswer = (user: User) =>
  http.get(apiPath('auth/me/'), () => HttpResponse.json(user));

/**
 * GET /coupons (the store's list) and GET /coupons/?id_search_text= (one coupon); MSW
 * matches a path with or without its trailing slash, so one handler answers both.
 */
export const couponsAnswer = (coupons: WireCoupon[]) =>
  http.get(apiPath('coupons'), ({ request }) => {
    const id = new URL(request.url).searchParams.get('id_search_text');
    return HttpResponse.json(
      page(id === null ? coupons : coupons.filter((coupon) => String(coupon.id) === id)),
    );
  });

/** GET /coupons/stats/: each coupon's last 30 days. */
export const couponStatsAnswer = (results: CouponStats[]) =>
  http.get(apiPath('coupons/stats/'), () => HttpResponse.json({ ...STATS_WINDOW, results }));

/** POST /coupons/sort-coupons: the new order is kept. */
export const sortCouponsAnswer = () =>
  http.post(apiPath('coupons/sort-coupons'), () => HttpResponse.json({ success: true }));

/** POST /stores/ and PUT /stores/{slug}: the store as saved, the fields sent over `saved`. */
export const storeSaveAnswer = (saved: Store): HttpHandler[] => {
  const answer = async ({ request }: { request: Request }) =>
    HttpResponse.json({ ...saved, ...((await request.json()) as Partial<Store>) });
  return [http.post(apiPath('stores/'), answer), http.put(apiPath('stores/:slug'), answer)];
};

/** GET /coupon-center-plans/: the brand's plan, or none. */
export const planAnswer = (plan: Plan | null) =>
  http.get(apiPath('coupon-center-plans/'), () => HttpResponse.json(page(plan ? [plan] : [])));

/** GET /coupon-center-transactions/: the merchant's orders. */
export const transactionsAnswer = (transactions: Transaction[]) =>
  http.get(apiPath('coupon-center-transactions/'), () => HttpResponse.json(page(transactions)));

/** GET /payment-methods/: the merchant's cards. */
export const paymentMethodsAnswer = (methods: PaymentMethod[]) =>
  http.get(apiPath('payment-methods/'), () => HttpResponse.json(methods));

/** POST /stripe-update-subscription/: the subscription with the status asked for, cancelled now. */
export const updateSubscriptionAnswer = (subscription: StripeSubscription, canceledAt: number) =>
  http.post(apiPath('stripe-update-subscription/'), async ({ request }) => {
    const body = (await request.json()) as { status: StripeSubscription['status'] };
    return HttpResponse.json({ ...subscription, status: body.status, canceled_at: canceledAt });
  });

/** GET /insights/?days=: the store's figures over the window asked for. */
export const insightsAnswer = (insightsOf: (days: 7 | 30 | 90) => Insights) =>
  http.get(apiPath('insights/'), ({ request }) => {
    const days = Number(new URL(request.url).searchParams.get('days'));
    return HttpResponse.json(insightsOf(days === 7 || days === 90 ? days : 30));
  });

/**
 * The answers every screen can count on: no 30-day counts yet, no billing details, the
 * default emails, no plan and no orders (/payment, where saving a new store goes). Named,
 * so a story's `parameters.msw.handlers` replaces one by its key.
 */
export const defaultAnswers = {
  stats: http.get(apiPath('coupons/stats/'), () =>
    HttpResponse.json({ ...STATS_WINDOW, results: [] }),
  ),
  billing: http.get(apiPath('billing-details/'), () => HttpResponse.json(NO_BILLING_DETAILS)),
  mail: http.get(apiPath('mail-preferences/'), () => HttpResponse.json(DEFAULT_MAIL_PREFERENCES)),
  plan: planAnswer(null),
  transactions: transactionsAnswer([]),
  paymentMethods: paymentMethodsAnswer([]),
  /** GET /account/activity/: nothing recorded yet. */
  activity: http.get(apiPath('account/activity/'), () => HttpResponse.json([])),
  /** GET /account/second-factor/: two-step sign-in off. */
  secondFactor: http.get(apiPath('account/second-factor/'), () =>
    HttpResponse.json({
      enabled: false,
      enabled_at: null,
      recovery_codes_left: 0,
      required: false,
    }),
  ),
  /** GET /account/passkeys/: none yet. */
  passkeys: http.get(apiPath('account/passkeys/'), () => HttpResponse.json({ results: [] })),
};

export const defaultHandlers: HttpHandler[] = Object.values(defaultAnswers);
