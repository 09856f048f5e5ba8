import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { AuthTokens, Plan, Store } from '@cc/contract';
import { systemClock, type Clock } from '../../src/core/platform/clock';
import { call, storeBody, uniqueEmail } from '../helpers';

/** Path and query of an absolute URL on a brand origin, for app.inject. */
export function pathOf(url: string): string {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

/** The plan of `client`, asked from the merchant site of `site` (the token's client). */
export async function planOf(
  app: FastifyInstance,
  token: string,
  client = 7,
  site = client,
): Promise<Plan> {
  const response = await call(app, 'GET', `/api/v1/coupon-center-plans/?client=${client}`, {
    token,
    headers: { 'x-site-key': String(site) },
  });
  expect(response.statusCode).toBe(200);
  const plans = response.json<Plan[]>();
  expect(plans).toHaveLength(1);
  return plans[0] as Plan;
}

export type CardFields = { card_number: string; expiry: string; cvc: string; name: string };

/** MM/YY of December, `years` after the clock's year (negative: before). */
export function cardExpiry(clock: Clock, years: number): string {
  return `12/${String((clock.now().getUTCFullYear() + years) % 100).padStart(2, '0')}`;
}

// Valid on whatever date the suite runs: test clocks start at the machine's time (movableClock).
export const GOOD_CARD: CardFields = {
  card_number: '4242 4242 4242 4242',
  expiry: cardExpiry(systemClock, 4),
  cvc: '123',
  name: 'Ada Lovelace',
};
export const DECLINED_CARD: CardFields = { ...GOOD_CARD, card_number: '4000 0000 0000 0002' };

/** Opens a payment link like a browser tab: follows the redirect to the checkout session. */
export async function openLink(app: FastifyInstance, url: string): Promise<string> {
  const opened = await app.inject({ method: 'GET', url: pathOf(url) });
  expect(opened.statusCode, opened.body).toBe(303);
  const location = String(opened.headers.location);
  expect(location).toMatch(/^\/checkout\/sessions\/[A-Za-z0-9_-]{43}$/);
  return location;
}

export async function submitCard(
  app: FastifyInstance,
  sessionPath: string,
  card: CardFields,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: sessionPath,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(card).toString(),
  });
}

/** Plan -> link -> checkout -> good card; answers the receipt page path. */
export async function subscribe(
  app: FastifyInstance,
  token: string,
  card: CardFields = GOOD_CARD,
): Promise<string> {
  const plan = await planOf(app, token);
  const session = await openLink(app, plan.payment_link.url);
  const paid = await submitCard(app, session, card);
  expect(paid.statusCode, paid.body).toBe(303);
  return String(paid.headers.location);
}

export type Merchant = { email: string; store: Store; token: () => Promise<string> };

/**
 * A merchant with a store whose `token()` signs in again, so tests can move
 * the clock past the access token's lifetime (renewals are a month apart).
 */
export async function merchant(app: FastifyInstance, client?: number): Promise<Merchant> {
  const email = uniqueEmail();
  const headers = client ? { 'x-site-key': String(client) } : undefined;
  const registered = await call(app, 'POST', '/api/v1/auth/email-register/', {
    headers,
    body: {
      email,
      password: 'shop-secret-123',
      siteId: 7,
      type: 2,
      first_name: 'N/A',
      last_name: 'N/A',
    },
  });
  expect(registered.statusCode).toBe(201);
  const first = registered.json<AuthTokens>().token;
  const response = await call(app, 'POST', '/api/v1/stores/', {
    token: first,
    headers,
    body: { ...storeBody(), client: client ?? 7 },
  });
  expect(response.statusCode, response.body).toBe(201);
  const token = async () => {
    const login = await call(app, 'POST', '/api/v1/auth/email-login/', {
      headers,
      body: { email, password: 'shop-secret-123', siteId: 8 },
    });
    expect(login.statusCode).toBe(200);
    return login.json<AuthTokens>().token;
  };
  return { email, store: response.json<Store>(), token };
}
