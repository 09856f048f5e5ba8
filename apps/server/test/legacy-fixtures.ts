import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { getClientConfig, storeSlug } from '@cc/config';
import { MESSAGES, type AuthTokens, type LegacyPage, type Store } from '@cc/contract';
import { call, couponBody, markVerified, storeBody, uniqueEmail } from './helpers';
import { subscribe } from './review-fixtures';

const DAY = 24 * 3600 * 1000;

/**
 * Where a store stands: live (approved, active subscription), or one of the ways
 * a store is kept off the catalogue.
 */
export type StoreState = 'live' | 'pending' | 'declined' | 'unpaid' | 'canceled' | 'lapsed';

export type CatalogueMerchant = {
  token: string;
  userId: number;
  store: Store;
  couponIds: number[];
};

/** A short tag that keeps one test's stores apart from the others' in the shared database. */
export const tag = () => randomBytes(3).toString('hex');

/**
 * A merchant of `client` with a store named `name`, its coupons (couponBody overrides),
 * then reviewed and paid as `state` says (lapsed: past_due beyond the 7 grace days).
 */
export async function catalogueMerchant(
  app: FastifyInstance,
  staff: string,
  options: {
    name?: string;
    client?: 7 | 8 | 10;
    state?: StoreState;
    coupons?: Record<string, unknown>[];
    category?: number;
  } = {},
): Promise<CatalogueMerchant> {
  const client = options.client ?? 7;
  const headers = { 'x-site-key': String(client) };
  const email = uniqueEmail();
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
  // A store enters the review queue once its owner's email is verified.
  await markVerified(app, email, client);
  const token = registered.json<AuthTokens>().token;
  const base = storeBody(options.name);
  const body = {
    ...base,
    slug: storeSlug(base.name, getClientConfig(client).slugSuffix),
    client,
    primary_category: options.category ?? 1536,
  };
  const created = await call(app, 'POST', '/api/v1/stores/', { token, headers, body });
  expect(created.statusCode, created.body).toBe(201);
  const store = created.json<Store>();
  const couponIds: number[] = [];
  for (const overrides of options.coupons ?? [{}]) {
    const response = await call(app, 'POST', '/api/v1/coupons/', {
      token,
      headers,
      body: couponBody(app.clock, { ...overrides, store: store.id }),
    });
    expect(response.statusCode, response.body).toBe(201);
    couponIds.push(response.json<{ id: number }>().id);
  }
  const state = options.state ?? 'live';
  if (state === 'live') await subscribe(app, store.id, 'active');
  if (state === 'pending' || state === 'declined') await subscribe(app, store.id, 'active');
  if (state === 'canceled') await subscribe(app, store.id, 'canceled');
  if (state === 'lapsed')
    await subscribe(app, store.id, 'past_due', {
      periodEnd: new Date(app.clock.now().getTime() - 8 * DAY),
    });
  if (state === 'declined') {
    await call(app, 'POST', `/api/v1/review/stores/${store.id}/decline/`, {
      token: staff,
      body: { reason: 'The logo is missing.' },
    });
  } else if (state !== 'pending') {
    const approved = await call(app, 'POST', `/api/v1/review/stores/${store.id}/approve/`, {
      token: staff,
    });
    expect(approved.statusCode).toBe(200);
  }
  const me = await call(app, 'GET', '/api/v1/auth/me/', { token, headers });
  return { token, userId: me.json<{ id: number }>().id, store, couponIds };
}

/** A public legacy read as a coupon site of `client` makes it. */
export function publicGet(
  app: FastifyInstance,
  url: string,
  client = 7,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return call(app, 'GET', url, { headers: { 'x-site-key': String(client), ...headers } });
}

/** Every item of a paginated public list (pages of 100). */
export async function everyItem<T>(app: FastifyInstance, url: string, client = 7): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page += 1) {
    const separator = url.includes('?') ? '&' : '?';
    const response = await publicGet(app, `${url}${separator}page=${page}&pageSize=100`, client);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<LegacyPage<T>>();
    items.push(...body.Items);
    if (page * 100 >= body.TotalCount) return items;
  }
}

/** The states a store is kept off the catalogue in, each made once. */
export const HIDDEN_STATES: StoreState[] = ['pending', 'declined', 'unpaid', 'canceled', 'lapsed'];

/** Each call answers 401 with the catalogue's message when no token is sent. */
export async function expectEachUnauthorized(
  app: FastifyInstance,
  calls: readonly (readonly ['GET' | 'POST' | 'PUT' | 'DELETE', string])[],
): Promise<void> {
  for (const [method, url] of calls) {
    const response = await call(app, method, url, { body: method === 'GET' ? undefined : {} });
    expect(response.statusCode, `${method} ${url}`).toBe(401);
    expect(response.json()).toEqual({
      message: MESSAGES.unauthorized,
      detail: MESSAGES.unauthorized,
    });
  }
}
