import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { AuthTokens, User } from '@cc/contract';
import { isoDate } from '../src/core/platform/clock';
import {
  apportion,
  CLIENT_SHARES,
  COUPON_SHARES,
  generateScaleData,
  STORE_SHARES,
  type StoreState,
} from '../src/cli/scale-data';
import { call, describeEachDatabase } from './helpers';

/** Rows of a count query as { key: count }. */
async function countsOf(run: () => Promise<unknown>): Promise<Record<string, number>> {
  const { rows } = (await run()) as { rows: unknown[] };
  return Object.fromEntries(
    (rows as { key: string | number; count: string | number }[]).map((row) => [
      String(row.key),
      Number(row.count),
    ]),
  );
}

describeEachDatabase('seed:scale, the data generator for scale tests', (ctx) => {
  it('adds the stores and coupons asked for, in the shares of brands, review and billing states and coupon dates', async () => {
    const { app, clock } = ctx();
    const summary = await generateScaleData(app.db, {
      stores: 50,
      coupons: 300,
      now: clock.now(),
      password: 'scale-secret',
    });
    expect(summary.stores).toEqual(apportion(50, STORE_SHARES));
    expect(summary.clients).toEqual({ 7: 20, 8: 15, 10: 15 });
    expect(summary.coupons).toEqual({ scheduled: 30, live: 210, expired: 60 });
    for (const [state, count] of Object.entries<number>(summary.stores)) {
      expect(
        Math.abs(count - (50 * STORE_SHARES[state as StoreState]) / 100),
        state,
      ).toBeLessThanOrEqual(1);
    }

    const db = app.db;
    const states = await countsOf(() =>
      db.execute(sql`select case when s.declined then 'declined' when not s.is_approved then 'pending'
          when b.status = 'active' then 'subscribed' when b.status = 'canceled' then 'canceled' else 'approved' end as key, count(*) as count
        from stores s left join billing_subscriptions b on b.store_id = s.id group by 1`),
    );
    expect(states).toEqual(
      Object.fromEntries(Object.entries(summary.stores).filter(([, count]) => count > 0)),
    );
    expect(
      await countsOf(() =>
        db.execute(sql`select client as key, count(*) as count from stores group by 1`),
      ),
    ).toEqual({ 7: 20, 8: 15, 10: 15 });
    const today = isoDate(clock.now());
    const dated = await countsOf(() =>
      db.execute(sql`select case when start_date > ${today}::date then 'scheduled' when expiration_date < ${today}::date then 'expired'
        else 'live' end as key, count(*) as count from coupons group by 1`),
    );
    expect(dated).toEqual({ scheduled: 30, live: 210, expired: 60 });
    const perStore = await countsOf(() =>
      db.execute(
        sql`select n as key, count(*) as count from (select count(*) as n from coupons group by store_id) per group by n`,
      ),
    );
    expect(perStore).toEqual({ 6: 50 });
    const paid = await countsOf(() =>
      db.execute(sql`select 'payments' as key, count(*) as count from billing_transactions
        union all select 'users', count(*) from users union all select 'reviewed', count(*) from review_actions
        union all select 'future', count(*) from users where created_at > ${clock.now().toISOString()}::timestamptz`),
    );
    const { subscribed, canceled, pending } = summary.stores;
    expect(paid).toEqual({
      payments: subscribed + canceled,
      users: 50,
      reviewed: 50 - pending,
      future: 0,
    });
  });

  it('gives merchants who sign in with the one password, live pages for paying approved stores and none for the others', async () => {
    const { app } = ctx();
    const [subscribed, pending] = await Promise.all(
      ["is_approved and b.status = 'active'", 'not is_approved and not declined'].map(
        async (where) => {
          const { rows } = (await app.db
            .execute(sql`select s.slug, s.client, s.contact_email as email from stores s
          left join billing_subscriptions b on b.store_id = s.id where ${sql.raw(where)} order by s.id limit 1`)) as {
            rows: unknown[];
          };
          return rows[0] as { slug: string; client: number; email: string };
        },
      ),
    );
    if (!subscribed || !pending) throw new Error('no stores generated');
    expect((await call(app, 'GET', `/stores/${subscribed.slug}`)).statusCode).toBe(200);
    expect((await call(app, 'GET', `/stores/${pending.slug}`)).statusCode).toBe(404);
    const headers = { 'x-site-key': String(subscribed.client) };
    const login = await call(app, 'POST', '/api/v1/auth/email-login/', {
      headers,
      body: { email: subscribed.email, password: 'scale-secret', siteId: 8 },
    });
    expect(login.statusCode).toBe(200);
    const me = await call(app, 'GET', '/api/v1/auth/me/', {
      headers,
      token: login.json<AuthTokens>().token,
    });
    const user = me.json<User>();
    expect(user.store?.slug).toBe(subscribed.slug);
    expect(user.store?.stripe_subscription?.status).toBe('active');
    expect(user.coupon_center_txn).not.toBeNull();
  });

  it('runs again on the same database, adding to what is there; refuses more than 10 coupons a store', async () => {
    const { app, clock } = ctx();
    await generateScaleData(app.db, {
      stores: 10,
      coupons: 20,
      now: clock.now(),
      password: 'scale-secret',
    });
    const totals = await countsOf(() =>
      app.db.execute(
        sql`select 'stores' as key, count(*) as count from stores union all select 'coupons', count(*) from coupons`,
      ),
    );
    expect(totals).toEqual({ stores: 60, coupons: 320 });
    await expect(
      generateScaleData(app.db, {
        stores: 2,
        coupons: 21,
        now: clock.now(),
        password: 'scale-secret',
      }),
    ).rejects.toThrow(/at most|from 0 to 10 per store/);
    expect(apportion(7, CLIENT_SHARES)).toEqual({ 7: 3, 8: 2, 10: 2 });
    expect(Object.values(apportion(3, COUPON_SHARES)).reduce((sum, count) => sum + count, 0)).toBe(
      3,
    );
  });
});
