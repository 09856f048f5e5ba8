import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { CLIENT_IDS, type ClientId } from '@cc/config';
import {
  OFFER_TYPES,
  type AuthTokens,
  type BillingDetails,
  type Coupon,
  type Insights,
  type Transaction,
  type User,
} from '@cc/contract';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { addMonths } from '../src/billing/local-provider';
import {
  billingDetails,
  billingSubscriptions,
  billingTransactions,
  localBillingObjects,
} from '../src/billing/schema';
import { isoDate } from '../src/core/platform/clock';
import { users } from '../src/auth/schema';
import { coupons } from '../src/coupons/schema';
import { stores } from '../src/stores/schema';
import { images } from '../src/uploads/schema';
import { couponDailyStats, couponFeedback } from '../src/public-pages/schema';
import { reviewActions } from '../src/review/schema';
import { demoEmail, seed, demoSubscriptionStart } from '../src/seed';
import { call, dayOffset, describeEachDatabase, testEnv } from './helpers';

const SEED = {
  demoPassword: 'demo1234',
  staffEmail: 'staff@couponcenter.local',
  staffPassword: 'staff1234',
  demoStores: { brandOrigins: testEnv().brandOrigins, localBilling: true },
};
const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/** Signed-in tokens per app and brand: a sign-in hashes the password, so once each. */
const tokens = new WeakMap<FastifyInstance, Map<ClientId, string>>();

async function signIn(app: FastifyInstance, client: ClientId): Promise<string> {
  const known = tokens.get(app) ?? new Map<ClientId, string>();
  tokens.set(app, known);
  const cached = known.get(client);
  if (cached) return cached;
  const response = await call(app, 'POST', '/api/v1/auth/email-login/', {
    headers: { 'x-site-key': String(client) },
    body: { email: demoEmail(client), password: SEED.demoPassword },
  });
  expect(response.statusCode).toBe(200);
  const { token } = response.json<AuthTokens>();
  known.set(client, token);
  return token;
}

async function read<T>(app: FastifyInstance, client: ClientId, url: string): Promise<T> {
  const token = await signIn(app, client);
  const response = await call(app, 'GET', url, {
    token,
    headers: { 'x-site-key': String(client) },
  });
  expect(response.statusCode, url).toBe(200);
  // A paged list answers { results }, a single page the items alone.
  const body = response.json<{ results?: T }>();
  return body.results ?? (body as T);
}

/** Everything the demo merchants see, through the API. */
async function demoView(app: FastifyInstance) {
  const view: Record<string, unknown> = {};
  for (const client of CLIENT_IDS) {
    const user = await read<User>(app, client, '/api/v1/auth/me/');
    const coupons = await read<Coupon[]>(app, client, '/api/v1/coupons/?include_scheduled=1');
    const orders = await read<Transaction[]>(app, client, '/api/v1/coupon-center-transactions/');
    const insights = await read<Insights>(app, client, '/api/v1/insights/?days=90');
    const page = await call(app, 'GET', `/stores/${user.store?.slug ?? ''}`, {
      headers: { 'x-site-key': String(client) },
    });
    view[client] = { user, coupons, orders, insights, page: [page.statusCode, page.body] };
  }
  return view;
}

describeEachDatabase(
  "the demo seed: each brand's demo merchant has a live store with coupons, a paid subscription and 90 days of activity",
  (ctx) => {
    let first: Awaited<ReturnType<typeof demoView>>;
    let seconds = 0;
    beforeAll(async () => {
      const { app } = ctx();
      const started = performance.now();
      const logins = await seed(app.db, SEED, app.clock);
      seconds = (performance.now() - started) / 1000;
      expect(logins.filter((login) => login.storeUrl).map((login) => login.client)).toEqual([
        ...CLIENT_IDS,
      ]);
      first = await demoView(app);
    });

    it('seeds in a few seconds', () => {
      expect(seconds).toBeLessThan(15);
    });

    it('the store is approved and live: its public page answers with its coupons and a 120x40 PNG logo', async () => {
      const { app } = ctx();
      for (const client of CLIENT_IDS) {
        const user = await read<User>(app, client, '/api/v1/auth/me/');
        const store = user.store;
        expect(store).toMatchObject({ is_approved: true, declined: false, client });
        const page = await call(app, 'GET', `/stores/${store?.slug ?? ''}`, {
          headers: { 'x-site-key': String(client) },
        });
        expect(page.statusCode).toBe(200);
        const coupons = await read<Coupon[]>(app, client, '/api/v1/coupons/?include_scheduled=1');
        const today = dayOffset(app.clock, 0);
        for (const coupon of coupons) {
          const shown = coupon.start_date === null || coupon.start_date <= today;
          expect(page.body.includes(`id="coupon-${coupon.id}"`), coupon.description).toBe(shown);
        }
        const logo = await call(app, 'GET', new URL(store?.logo_url ?? '').pathname);
        expect(logo.statusCode).toBe(200);
        expect(logo.headers['content-type']).toBe('image/png');
        expect(await sharp(logo.rawPayload).metadata()).toMatchObject({
          format: 'png',
          width: 120,
          height: 40,
        });
      }
    });

    it('has 10 coupons of every offer type: one scheduled, one ending in 2 days, the others live', async () => {
      const { app } = ctx();
      const today = dayOffset(app.clock, 0);
      for (const client of CLIENT_IDS) {
        const coupons = await read<Coupon[]>(app, client, '/api/v1/coupons/?include_scheduled=1');
        expect(coupons).toHaveLength(10);
        expect(new Set(coupons.map((coupon) => coupon.offer_type))).toEqual(new Set(OFFER_TYPES));
        const scheduled = coupons.filter(
          (coupon) => coupon.start_date !== null && coupon.start_date > today,
        );
        expect(scheduled).toHaveLength(1);
        const live = coupons.filter((coupon) => !scheduled.includes(coupon));
        expect(
          live.every(
            (coupon) => coupon.expiration_date === null || coupon.expiration_date >= today,
          ),
        ).toBe(true);
        expect(
          live.filter((coupon) => coupon.expiration_date === dayOffset(app.clock, 2)),
        ).toHaveLength(1);
        expect(
          live.filter(
            (coupon) =>
              coupon.expiration_date !== null && coupon.expiration_date <= dayOffset(app.clock, 7),
          ),
        ).toHaveLength(1);
        for (const coupon of coupons) {
          expect(coupon.description.length).toBeGreaterThan(10);
          expect(coupon.description.length).toBeLessThanOrEqual(120);
          expect(coupon.title).not.toBe('');
        }
      }
    });

    it('/payment: an active subscription renewed twice, next billing date the end of the paid period, three paid orders with receipts that print the billing details', async () => {
      const { app } = ctx();
      const start = demoSubscriptionStart(app.clock.now());
      const periodEnd = addMonths(addMonths(addMonths(start, 1), 1), 1);
      for (const client of CLIENT_IDS) {
        const user = await read<User>(app, client, '/api/v1/auth/me/');
        expect(user.store?.stripe_subscription).toEqual({
          status: 'active',
          start_date: unix(start),
          canceled_at: null,
          current_period_end: unix(periodEnd),
          cancel_at_period_end: false,
        });
        expect(unix(periodEnd)).toBeGreaterThan(unix(app.clock.now()));
        const orders = await read<Transaction[]>(
          app,
          client,
          '/api/v1/coupon-center-transactions/',
        );
        expect(orders).toHaveLength(3);
        expect(
          orders.map((order) => isoDate(new Date(order.transaction_created * 1000))).sort(),
        ).toEqual([start, addMonths(start, 1), addMonths(addMonths(start, 1), 1)].map(isoDate));
        const details = await read<BillingDetails>(app, client, '/api/v1/billing-details/');
        expect(details.billing_name).not.toBe('');
        expect(details.vat_number !== '').toBe(client === 7);
        for (const order of orders) {
          expect(order.amount).toBeGreaterThan(0);
          const receipt = await call(
            app,
            'GET',
            new URL(order.receipt_url, 'http://localhost').pathname,
          );
          expect(receipt.statusCode).toBe(200);
          expect(receipt.body).toContain(details.billing_name);
        }
      }
    });

    it('Insights shows 90 days of views, code reveals and clicks, and shoppers answered "Did this code work?"', async () => {
      const { app } = ctx();
      for (const client of CLIENT_IDS) {
        const insights = await read<Insights>(app, client, '/api/v1/insights/?days=90');
        expect(insights.daily).toHaveLength(90);
        expect(insights.daily.filter((day) => day.views > 0).length).toBeGreaterThanOrEqual(80);
        const { views, reveals, clicks } = insights.totals;
        expect(views).toBeGreaterThan(reveals);
        expect(reveals).toBeGreaterThan(clicks);
        expect(clicks).toBeGreaterThan(0);
        // Coupons with a code have shoppers' answers (a success rate); deals have none.
        const rated = insights.coupons.filter((coupon) => coupon.feedback !== null);
        expect(rated.length).toBeGreaterThanOrEqual(5);
        expect(rated.every((coupon) => (coupon.feedback ?? 0) > 0.5)).toBe(true);
        // A weekly rhythm: the last eight whole weekend days are busier than the last eight weeks (today is counted in part).
        const whole = insights.daily.slice(0, -1);
        const weekends = whole.filter((day) =>
          [0, 6].includes(new Date(`${day.day}T00:00:00Z`).getUTCDay()),
        );
        const average = (days: typeof insights.daily) =>
          days.reduce((sum, day) => sum + day.views, 0) / days.length;
        expect(average(weekends.slice(-8))).toBeGreaterThan(average(whole.slice(-56)));
      }
      const [row] = await app.db
        .select({
          yes: sql<number>`count(*) filter (where ${couponFeedback.worked})::int`,
          no: sql<number>`count(*) filter (where not ${couponFeedback.worked})::int`,
        })
        .from(couponFeedback);
      expect(row?.yes).toBeGreaterThan(row?.no ?? 0);
      expect(row?.no).toBeGreaterThan(0);
    });

    it('a second run changes nothing', async () => {
      const { app } = ctx();
      const tables: Record<string, PgTable> = {
        users,
        stores,
        coupons,
        images,
        reviewActions,
        billingDetails,
        billingSubscriptions,
        billingTransactions,
        localBillingObjects,
        couponDailyStats,
        couponFeedback,
      };
      const counts = async () => {
        const result: Record<string, number> = {};
        for (const [name, table] of Object.entries(tables)) {
          const [row] = await app.db.select({ n: sql<number>`count(*)::int` }).from(table);
          result[name] = row?.n ?? -1;
        }
        return result;
      };
      const before = await counts();
      const logins = await seed(app.db, SEED, app.clock);
      expect(logins.every((login) => !login.created)).toBe(true);
      expect(await counts()).toEqual(before);
      expect(await demoView(app)).toEqual(first);
    });
  },
);
