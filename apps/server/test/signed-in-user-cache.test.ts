import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import type { LegacyAdvertiser, Store, User } from '@cc/contract';
import { users } from '../src/auth/schema';
import type { UserRow } from '../src/auth/repository';
import { signedInUserCache } from '../src/auth/user-cache';
import { storeKeyedCache } from '../src/core/cache/store-cache';
import { stores } from '../src/stores/schema';
import type { StoreRow } from '../src/stores/types';
import {
  call,
  describeEachDatabase,
  merchantWithStore,
  register,
  secondInstance,
  storeBody,
  uniqueEmail,
  until,
} from './helpers';
import { drivenStoreChanges } from './listening';

type Mail = { to: string; kind: string; links: string[] };

describeEachDatabase('/auth/me/ user and store kept per instance until either changes', (ctx) => {
  const second = secondInstance(ctx);

  const me = (app: FastifyInstance, token: string) =>
    call(app, 'GET', '/api/v1/auth/me/', { token });
  const user = async (app: FastifyInstance, token: string) => (await me(app, token)).json<User>();
  const heldAnswers = (app: FastifyInstance) => app.caches.stats().signed_in_users?.hits ?? 0;
  /** /auth/me/ until it is answered from memory (a notification of the sign-up or the store may drop the first copy). */
  async function hold(app: FastifyInstance, token: string): Promise<User> {
    const before = heldAnswers(app);
    const held = await until(
      () => user(app, token),
      () => heldAnswers(app) > before,
    );
    expect(heldAnswers(app)).toBeGreaterThan(before);
    return held;
  }

  it('answers a second /auth/me/ from memory, the same answer', async () => {
    const { app } = ctx();
    const { token, store } = await merchantWithStore(app);
    const first = await me(app, token);
    expect(first.json<User>().store?.id).toBe(store.id);
    await hold(app, token);
    const again = await me(app, token);
    expect(again.body).toBe(first.body);
    const stats = app.caches.stats().signed_in_users;
    expect(stats?.entries).toBeGreaterThan(0);
    expect(stats?.bytes).toBeGreaterThan(0);
  });

  it('shows a name and an email verification written straight into the database at the next /auth/me/, though the user was held', async () => {
    const { app } = ctx();
    const { token } = await merchantWithStore(app, { verified: false });
    const before = await hold(app, token);
    expect(before.email_verified).toBe(false);
    expect(before.store?.awaiting_email_verification).toBe(true);
    await app.db
      .update(users)
      .set({ firstName: 'Grace', emailVerified: true })
      .where(eq(users.id, before.id));
    const after = await until(
      () => user(app, token),
      (found) => found.first_name === 'Grace',
    );
    const store = before.store && { ...before.store, awaiting_email_verification: false };
    expect(after).toEqual({ ...before, first_name: 'Grace', email_verified: true, store });
  });

  it('shows a store changed in the database, and a store made on another instance, at the next /auth/me/', async () => {
    const { app } = ctx();
    const { token, store } = await merchantWithStore(app);
    await hold(app, token);
    await app.db.update(stores).set({ name: 'Renamed in SQL' }).where(eq(stores.id, store.id));
    const renamed = await until(
      () => user(app, token),
      (found) => found.store?.name === 'Renamed in SQL',
    );
    expect(renamed.store?.name).toBe('Renamed in SQL');

    // Held without a store; the store is made through the other instance, so only store_changed tells this one.
    const { token: newcomer } = await register(app);
    expect((await hold(app, newcomer)).store).toBeNull();
    const created = await call(second(), 'POST', '/api/v1/stores/', {
      token: newcomer,
      body: storeBody(),
    });
    expect(created.statusCode).toBe(201);
    const opened = await until(
      () => user(app, newcomer),
      (found) => found.store !== null,
    );
    expect(opened.store?.id).toBe(created.json<Store>().id);
  });

  it("the owner's other reads take their store from the same copy: GET /stores/{id}/ shows a change made in the database at the next call, and a store made on another instance is found", async () => {
    const { app } = ctx();
    const { token, store } = await merchantWithStore(app);
    const read = async (instance: FastifyInstance, as: string, id: number) => {
      const response = await call(instance, 'GET', `/api/v1/stores/${id}/`, { token: as });
      return response.statusCode === 200 ? response.json<Store>() : response.statusCode;
    };
    const me = await hold(app, token);
    expect(await read(app, token, store.id)).toEqual(me.store);
    await app.db.update(stores).set({ name: 'Renamed in SQL' }).where(eq(stores.id, store.id));
    const renamed = await until(
      () => read(app, token, store.id),
      (found) => typeof found !== 'number' && found.name === 'Renamed in SQL',
    );
    expect(typeof renamed !== 'number' && renamed.name).toBe('Renamed in SQL');
    expect(await read(app, token, store.id + 1000)).toBe(404);

    // Someone else's store is not theirs, held or not.
    const other = await merchantWithStore(app);
    expect(await read(app, other.token, store.id)).toBe(404);

    // Held without a store (404 on the owner's routes); the store is made through the other instance.
    const { token: newcomer } = await register(app);
    expect((await hold(app, newcomer)).store).toBeNull();
    expect(
      (await call(app, 'GET', '/api/v1/mail-preferences/', { token: newcomer })).statusCode,
    ).toBe(404);
    const created = (
      await call(second(), 'POST', '/api/v1/stores/', { token: newcomer, body: storeBody() })
    ).json<Store>();
    const found = await until(
      () => read(app, newcomer, created.id),
      (value) => value !== 404,
    );
    expect(typeof found !== 'number' && found.id).toBe(created.id);
    expect(
      (await call(app, 'GET', '/api/v1/mail-preferences/', { token: newcomer })).statusCode,
    ).toBe(200);
  });

  it('shows a user made staff, or deleted, in the database at the next /auth/me/', async () => {
    const { app } = ctx();
    const { token } = await merchantWithStore(app);
    const merchant = await hold(app, token);
    expect(merchant.is_staff).toBe(false);
    await app.db.update(users).set({ role: 'staff' }).where(eq(users.id, merchant.id));
    expect(
      (
        await until(
          () => user(app, token),
          (found) => found.is_staff,
        )
      ).is_staff,
    ).toBe(true);

    // No store: nothing but the user's own notification can tell this instance.
    const { token: leaving } = await register(app);
    const gone = await hold(app, leaving);
    await app.db.delete(users).where(eq(users.id, gone.id));
    // Their sessions went with them: the token is refused.
    expect(
      (
        await until(
          () => me(app, leaving),
          (response) => response.statusCode === 401,
        )
      ).statusCode,
    ).toBe(401);
  });

  it("without the users trigger, a change in the database goes unseen while this instance's own writes still show at once", async () => {
    const { app } = ctx();
    const email = uniqueEmail();
    const { token } = await register(app, email);
    expect(
      (await call(app, 'POST', '/api/v1/stores/', { token, body: storeBody() })).statusCode,
    ).toBe(201);
    const other = await merchantWithStore(app);
    await app.db.execute(sql`DROP TRIGGER "users_notify" ON "users"`);
    try {
      // Every notice of the sign-ups told first: an unreadable one empties the copy, and comes after them.
      await hold(app, token);
      await app.db.execute(sql`SELECT pg_notify('store_changed', 'settle')`);
      expect(
        await until(
          async () => app.caches.stats().signed_in_users?.entries,
          (entries) => entries === 0,
        ),
      ).toBe(0);
      const held = await hold(app, token);
      await hold(app, other.token);
      await app.db.update(users).set({ firstName: 'Unannounced' }).where(eq(users.id, held.id));
      // Notifications come in commit order: once this later store change shows, a notice of the update would have too.
      await app.db.update(stores).set({ name: 'Barrier' }).where(eq(stores.id, other.store.id));
      expect(
        (
          await until(
            () => user(app, other.token),
            (found) => found.store?.name === 'Barrier',
          )
        ).store?.name,
      ).toBe('Barrier');
      const hits = heldAnswers(app);
      expect((await user(app, token)).first_name).toBe(held.first_name);
      expect(heldAnswers(app)).toBe(hits + 1);

      // Writes through this instance drop the copy before they answer: an email verification...
      const mails = (await call(app, 'GET', '/dev/mailbox.json')).json<{ results: Mail[] }>()
        .results;
      const link = mails.find((mail) => mail.to === email && mail.kind === 'verify_email')
        ?.links[0];
      const verifyToken = new URL(link ?? 'http://x').searchParams.get('token');
      expect(
        (await call(app, 'POST', '/api/v1/auth/verify-email/', { body: { token: verifyToken } }))
          .statusCode,
      ).toBe(200);
      expect(await user(app, token)).toMatchObject({
        first_name: 'Unannounced',
        email_verified: true,
      });
      await hold(app, token);
      // ... and a legacy rename, which reads the account back from the database.
      const edited = await call(app, 'PUT', '/api/Advertiser/Edit', {
        token,
        body: { FirstName: 'Edited' },
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json<LegacyAdvertiser>().FirstName).toBe('Edited');
      expect((await user(app, token)).first_name).toBe('Edited');
    } finally {
      await app.db
        .execute(sql`CREATE TRIGGER "users_notify" AFTER INSERT OR UPDATE OR DELETE ON "users"
        FOR EACH ROW EXECUTE FUNCTION "notify_user_changed"()`);
    }
  });
});

it('store_changed: `u<id>` drops that user where users are held and nothing else; an unreadable payload empties every cache', async () => {
  const { watcher, notify } = await drivenStoreChanges();
  const signedIn = signedInUserCache(1024 * 1024);
  const pages = storeKeyedCache<number, { storeId: number }>({
    budgetBytes: 1024 * 1024,
    storeOf: (page) => page.storeId,
  });
  watcher.add(signedIn);
  watcher.add(pages);
  const found = (id: number, storeId?: number) => ({
    user: { id } as UserRow,
    store: storeId === undefined ? null : ({ id: storeId } as StoreRow),
  });
  const hold = (id: number, storeId?: number) =>
    signedIn.userWithStore(id, async () => found(id, storeId));
  /** Whether the user is held: a lookup that finds nothing reads nothing in (a user not found is never kept). */
  async function isHeld(id: number): Promise<boolean> {
    let read = false;
    await signedIn.userWithStore(id, async () => {
      read = true;
      return undefined;
    });
    return !read;
  }

  await hold(1, 10);
  await hold(2, 20);
  await hold(3);
  pages.fill(pages.ticket(), 10, { storeId: 10 });
  notify('u1');
  expect([await isHeld(1), await isHeld(2), await isHeld(3), pages.size]).toEqual([
    false,
    true,
    true,
    1,
  ]);

  // A read that started before the user's change is not kept.
  await signedIn.userWithStore(4, async () => {
    notify('u4');
    return found(4);
  });
  expect(await isHeld(4)).toBe(false);

  // A store's change drops its owner and every user held without a store.
  notify('20');
  expect([await isHeld(2), await isHeld(3)]).toEqual([false, false]);

  await hold(1, 10);
  notify('u-x');
  expect([await isHeld(1), pages.size]).toEqual([false, 0]);
  await watcher.stop();
});
