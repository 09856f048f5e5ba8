import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import type { Coupon, Paginated } from '@cc/contract';
import { coupons } from '../src/coupons/schema';
import { couponListCache } from '../src/coupons/list-cache';
import {
  call,
  couponBody,
  dayOffset,
  describeEachDatabase,
  merchantWithStore,
  movableClock,
  secondInstance,
  until,
} from './helpers';
import { drivenStoreChanges } from './listening';

describeEachDatabase('coupon list cache across instances', (ctx) => {
  const second = secondInstance(ctx);

  const list = async (app: FastifyInstance, token: string, query: Record<string, string> = {}) => {
    const response = await call(app, 'GET', '/api/v1/coupons/', { token, query });
    return response.statusCode === 200
      ? response.json<Paginated<Coupon>>().results
      : response.statusCode;
  };
  const descriptions = (value: Coupon[] | number) =>
    typeof value === 'number' ? value : value.map((c) => c.description);
  const sameAs = (expected: unknown) => (value: Coupon[] | number) =>
    JSON.stringify(descriptions(value)) === JSON.stringify(expected);

  it('a second instance sees a create, edit, reorder and delete made through the first', async () => {
    const { app } = ctx();
    const { token, store } = await merchantWithStore(app);
    const add = (description: string) =>
      call(app, 'POST', '/api/v1/coupons/', {
        token,
        body: couponBody(app.clock, { store: store.id, description }),
      });
    const first = (await add('A')).json<Coupon>();
    expect(await list(second(), token)).toHaveLength(1);
    expect(second().couponLists.enabled).toBe(true);
    // The create's own notification may still be on its way and drop the first fill.
    const held = await until(
      async () => (await list(second(), token), second().couponLists.size),
      (size) => size > 0,
    );
    expect(held).toBeGreaterThan(0);

    const created = (await add('B')).json<Coupon>();
    expect(descriptions(await until(() => list(second(), token), sameAs(['A', 'B'])))).toEqual([
      'A',
      'B',
    ]);

    await call(app, 'PATCH', `/api/v1/coupons/${first.id}/`, {
      token,
      body: { description: 'A edited' },
    });
    expect(
      descriptions(await until(() => list(second(), token), sameAs(['A edited', 'B']))),
    ).toEqual(['A edited', 'B']);

    const items = [
      { id: String(created.id), sort_number: '1' },
      { id: String(first.id), sort_number: '2' },
    ];
    await call(app, 'POST', '/api/v1/coupons/sort-coupons/', { token, body: { items } });
    expect(
      descriptions(await until(() => list(second(), token), sameAs(['B', 'A edited']))),
    ).toEqual(['B', 'A edited']);

    await call(app, 'DELETE', `/api/v1/coupons/${created.id}/`, { token });
    expect(descriptions(await until(() => list(second(), token), sameAs(['A edited'])))).toEqual([
      'A edited',
    ]);

    // The store's own fields are part of every coupon.
    await call(app, 'PUT', `/api/v1/stores/${store.slug}/`, {
      token,
      body: { name: 'Renamed Shop' },
    });
    const renamed = await until(
      () => list(second(), token),
      (value) => typeof value !== 'number' && value[0]?.store.name === 'Renamed Shop',
    );
    expect(typeof renamed !== 'number' && renamed[0]?.store.name).toBe('Renamed Shop');
  });

  it('answers a write through the same instance at once (read-your-writes), without waiting for a notification', async () => {
    const { app } = ctx();
    const { token, store } = await merchantWithStore(app);
    await call(app, 'POST', '/api/v1/coupons/', {
      token,
      body: couponBody(app.clock, { store: store.id, description: 'One' }),
    });
    expect(descriptions(await list(app, token))).toEqual(['One']);
    await call(app, 'POST', '/api/v1/coupons/', {
      token,
      body: couponBody(app.clock, { store: store.id, description: 'Two' }),
    });
    expect(descriptions(await list(app, token))).toEqual(['One', 'Two']);
  });

  it('keeps ownership: another merchant gets 404 for the first store_slug and only their own coupons', async () => {
    const { app } = ctx();
    const owner = await merchantWithStore(app);
    await call(app, 'POST', '/api/v1/coupons/', {
      token: owner.token,
      body: couponBody(app.clock, { store: owner.store.id, description: 'Mine' }),
    });
    const query = { store_slug: owner.store.slug };
    expect(descriptions(await list(second(), owner.token, query))).toEqual(['Mine']);
    expect(descriptions(await list(second(), owner.token, query))).toEqual(['Mine']);
    expect(await list(second(), owner.token, { store_slug: 'someone-else' })).toBe(404);

    const stranger = await merchantWithStore(app);
    expect(await list(second(), stranger.token, query)).toBe(404);
    expect(await list(second(), stranger.token)).toEqual([]);
    expect(await list(second(), stranger.token, query)).toBe(404);
  });

  it("answers one coupon (by id, or by id_search_text) from the held list as the database would: scheduled ones only where asked, a change written into the database at the next call, nobody else's", async () => {
    const { app, database } = ctx();
    const { token, store } = await merchantWithStore(app);
    const add = async (overrides: Record<string, unknown>) =>
      (
        await call(app, 'POST', '/api/v1/coupons/', {
          token,
          body: couponBody(app.clock, { store: store.id, ...overrides }),
        })
      ).json<Coupon>();
    const live = await add({ description: 'Live' });
    const scheduled = await add({ description: 'Scheduled', start_date: dayOffset(app.clock, 3) });
    const byId = async (instance: FastifyInstance, id: number, as = token) => {
      const response = await call(instance, 'GET', `/api/v1/coupons/${id}/`, { token: as });
      return response.statusCode === 200
        ? response.json<Coupon>().description
        : response.statusCode;
    };
    const search = (
      instance: FastifyInstance,
      id: number,
      query: Record<string, string> = {},
      as = token,
    ) => list(instance, as, { id_search_text: String(id), ...query });

    for (const instance of [app, second()]) {
      // Twice each: the first fills the owner's list, the second is answered from it.
      for (let round = 0; round < 2; round += 1) {
        expect(await byId(instance, live.id)).toBe('Live');
        expect(await byId(instance, scheduled.id)).toBe('Scheduled');
        expect(descriptions(await search(instance, live.id))).toEqual(['Live']);
        expect(descriptions(await search(instance, scheduled.id))).toEqual([]);
        expect(
          descriptions(await search(instance, scheduled.id, { include_scheduled: '1' })),
        ).toEqual(['Scheduled']);
        expect(descriptions(await search(instance, live.id, { store_slug: store.slug }))).toEqual([
          'Live',
        ]);
        expect(await search(instance, live.id, { store_slug: 'someone-else' })).toBe(404);
        expect(await byId(instance, 2 ** 31 - 1)).toBe(404);
      }
    }
    expect(second().couponLists.size).toBeGreaterThan(0);

    const stranger = await merchantWithStore(app);
    expect(await byId(second(), live.id, stranger.token)).toBe(404);
    expect(
      descriptions(await search(second(), live.id, { include_scheduled: '1' }, stranger.token)),
    ).toEqual([]);

    // Written straight into the database, as another instance or a migration would: seen at the next call.
    await database.db
      .update(coupons)
      .set({ description: 'Changed in the database' })
      .where(eq(coupons.id, live.id));
    expect(
      await until(
        () => byId(second(), live.id),
        (value) => value === 'Changed in the database',
      ),
    ).toBe('Changed in the database');
    expect(descriptions(await search(second(), live.id))).toEqual(['Changed in the database']);
    await database.db.delete(coupons).where(eq(coupons.id, scheduled.id));
    expect(
      await until(
        () => byId(second(), scheduled.id),
        (value) => value === 404,
      ),
    ).toBe(404);
  });

  it('clears and bypasses the cache while the listener is down, and resumes once re-subscribed', async () => {
    const { app, backend } = ctx();
    const { token, store } = await merchantWithStore(app);
    const coupon = (
      await call(app, 'POST', '/api/v1/coupons/', {
        token,
        body: couponBody(app.clock, { store: store.id, description: 'Before' }),
      })
    ).json<Coupon>();
    expect(descriptions(await list(second(), token))).toEqual(['Before']);
    if (backend !== 'postgres') return; // PGlite is in-process: its listener cannot be lost.

    // Drop every store_changed listener on this database, as a network failure would.
    await app.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = 'cc-listen-store_changed'`,
    );
    await until(
      async () => second().couponLists.enabled,
      (enabled) => !enabled,
    );
    expect(second().couponLists.enabled).toBe(false);
    expect(second().couponLists.size).toBe(0);
    // A change nobody was told of: with the cache off it is read from the database.
    await app.db
      .update(coupons)
      .set({ description: 'While down' })
      .where(eq(coupons.id, coupon.id));
    expect(descriptions(await list(second(), token))).toEqual(['While down']);
    expect(second().couponLists.size).toBe(0);

    await until(
      async () => second().couponLists.enabled,
      (enabled) => enabled,
    );
    expect(second().couponLists.enabled).toBe(true);
    expect(descriptions(await list(second(), token))).toEqual(['While down']);
    await call(app, 'PATCH', `/api/v1/coupons/${coupon.id}/`, {
      token,
      body: { description: 'After' },
    });
    expect(descriptions(await until(() => list(second(), token), sameAs(['After'])))).toEqual([
      'After',
    ]);
  });
});

it('a lost subscription clears and disables the cache; a fill that raced an invalidation is not kept', async () => {
  const cache = couponListCache(1024 * 1024);
  const { watcher, notify, down, subscriptions } = await drivenStoreChanges();
  watcher.add(cache);
  const store = { storeId: 1, slug: 'shop' };
  const today = dayOffset(movableClock(), 0);
  cache.fill(cache.ticket(), 9, store, false, today, []);
  expect(cache.lookup(9, false, today)).toBeDefined();

  const ticket = cache.ticket();
  notify('1');
  expect(cache.lookup(9, false, today)).toBeUndefined();
  cache.fill(ticket, 9, store, false, today, []);
  expect(cache.lookup(9, false, today)).toBeUndefined();

  cache.fill(cache.ticket(), 9, store, false, today, []);
  down(new Error('connection lost'));
  expect(cache.enabled).toBe(false);
  expect(cache.lookup(9, false, today)).toBeUndefined();
  cache.fill(cache.ticket(), 9, store, false, today, []);
  expect(cache.size).toBe(0);

  await until(
    async () => cache.enabled,
    (enabled) => enabled,
  );
  expect(subscriptions()).toBe(2);
  await watcher.stop();
  expect(cache.enabled).toBe(false);
});
