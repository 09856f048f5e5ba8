import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { ReviewQueue, ReviewStore, Store } from '@cc/contract';
import { users } from '../src/auth/schema';
import { call, describeEachDatabase, merchantWithStore, register, until } from './helpers';
import { staffToken, subscribe } from './review-fixtures';

describeEachDatabase('store review', (ctx) => {
  it('is staff only: 401 without a session, 403 for a merchant', async () => {
    const { app } = ctx();
    const { token } = await register(app);
    expect((await call(app, 'GET', '/api/v1/review/stores/')).statusCode).toBe(401);
    const merchant = await call(app, 'GET', '/api/v1/review/stores/', { token });
    expect(merchant.statusCode).toBe(403);
    const { store } = await merchantWithStore(app);
    expect(
      (await call(app, 'POST', `/api/v1/review/stores/${store.id}/approve/`, { token })).statusCode,
    ).toBe(403);
    expect(
      (
        await call(app, 'POST', `/api/v1/review/stores/${store.id}/decline/`, {
          token,
          body: { reason: 'no' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('refuses a staff member at the next call once their role is taken away elsewhere, though their role was held', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const queue = () => call(app, 'GET', '/api/v1/review/stores/', { token: staff });
    expect((await queue()).statusCode).toBe(200);
    expect((await queue()).statusCode).toBe(200);
    // Another process demotes them: only the users' notification tells this instance.
    await app.db.update(users).set({ role: 'merchant' }).where(eq(users.role, 'staff'));
    const refused = await until(queue, (response) => response.statusCode === 403);
    expect(refused.statusCode).toBe(403);
  });

  it('lists pending stores first, oldest first, with details, logo, coupons and a preview link', async () => {
    const { app, clock } = ctx();
    const staff = await staffToken(app);
    const first = await merchantWithStore(app);
    clock.advance(60_000);
    const second = await merchantWithStore(app);
    clock.advance(60_000);
    const third = await merchantWithStore(app);
    await call(app, 'POST', `/api/v1/review/stores/${first.store.id}/approve/`, { token: staff });

    const response = await call(app, 'GET', '/api/v1/review/stores/', { token: staff });
    expect(response.statusCode).toBe(200);
    const queue = response.json<ReviewQueue>();
    const mine = queue.results.filter((r) =>
      [first, second, third].some((m) => m.store.id === r.store.id),
    );
    expect(mine.map((r) => [r.store.id, r.status])).toEqual([
      [second.store.id, 'pending'],
      [third.store.id, 'pending'],
      [first.store.id, 'approved'],
    ]);
    const pendingIndex = queue.results.findIndex((r) => r.status !== 'pending');
    expect(queue.results.slice(pendingIndex).every((r) => r.status !== 'pending')).toBe(true);
    // The list names each store; the store itself (details, coupons, preview link) is read when staff open it.
    const entry = mine[0];
    expect(entry).toEqual({
      store: {
        id: second.store.id,
        name: second.store.name,
        slug: second.store.slug,
        client: second.store.client,
      },
      status: 'pending',
      owner_email: expect.stringContaining('@example.com') as string,
      queued_at: expect.any(String) as string,
    });
    const opened = (
      await call(app, 'GET', `/api/v1/review/stores/${second.store.id}/`, { token: staff })
    ).json<ReviewStore>();
    expect(opened.store).toMatchObject({
      name: second.store.name,
      contact_email: 'ada@example.com',
      logo_url: '',
    });
    expect(opened.owner_email).toBe(entry?.owner_email);
    expect(opened.queued_at).toBe(entry?.queued_at);
    expect(opened.coupons).toEqual([]);
    expect(opened.preview_url).toMatch(new RegExp(`^/stores/${second.store.slug}\\?preview=`));

    const pendingOnly = await call(app, 'GET', '/api/v1/review/stores/', {
      token: staff,
      query: { status: 'pending' },
    });
    expect(pendingOnly.json<ReviewQueue>().results.every((r) => r.status === 'pending')).toBe(true);
  });

  it("shows each store opened from the queue with its own current subscription, the same as the store's own answer", async () => {
    const { app, clock } = ctx();
    const staff = await staffToken(app);
    const day = 24 * 3600 * 1000;
    const ago = (days: number) => new Date(clock.now().getTime() - days * day);
    const merchants = [];
    for (let i = 0; i < 4; i += 1) merchants.push(await merchantWithStore(app));
    const [none, active, liveFirst, newest] = merchants.map((m) => m.store.id);
    if (
      none === undefined ||
      active === undefined ||
      liveFirst === undefined ||
      newest === undefined
    )
      throw new Error('four stores');
    await subscribe(app, active, 'active');
    // A live subscription is shown before a newer canceled one; among canceled ones the newest.
    await subscribe(app, liveFirst, 'active', { start: ago(20) });
    await subscribe(app, liveFirst, 'canceled', { start: ago(2) });
    await subscribe(app, newest, 'canceled', { start: ago(40) });
    await subscribe(app, newest, 'canceled', { start: ago(10) });

    const opened = await Promise.all(
      merchants.map(async ({ store }) =>
        (
          await call(app, 'GET', `/api/v1/review/stores/${store.id}/`, { token: staff })
        ).json<ReviewStore>(),
      ),
    );
    const shown = new Map(opened.map((r) => [r.store.id, r.store.stripe_subscription]));
    const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
    expect([none, active, liveFirst, newest].map((id) => shown.get(id)?.status ?? null)).toEqual([
      null,
      'active',
      'active',
      'canceled',
    ]);
    expect(shown.get(liveFirst)?.start_date).toBe(seconds(ago(20)));
    expect(shown.get(newest)?.start_date).toBe(seconds(ago(10)));
    for (const { token, store } of merchants) {
      const own = await call(app, 'GET', `/api/v1/stores/${store.id}/`, { token });
      expect(shown.get(store.id), store.name).toEqual(own.json<Store>().stripe_subscription);
    }
  });

  it('approves a store and records who approved it and when', async () => {
    const { app, clock } = ctx();
    const staff = await staffToken(app);
    const { token, store } = await merchantWithStore(app);
    const response = await call(app, 'POST', `/api/v1/review/stores/${store.id}/approve/`, {
      token: staff,
    });
    expect(response.statusCode).toBe(200);
    const reviewed = response.json<ReviewStore>();
    expect(reviewed.status).toBe('approved');
    expect(reviewed.store).toMatchObject({
      is_approved: true,
      declined: false,
      decline_reason: '',
    });
    expect(reviewed.actions).toHaveLength(1);
    expect(reviewed.actions[0]).toMatchObject({
      action: 'approve',
      created_at: clock.now().toISOString(),
    });
    expect(reviewed.actions[0]?.actor_email).toMatch(/^staff-/);
    const mine = await call(app, 'GET', `/api/v1/stores/${store.id}/`, { token });
    expect(mine.json<Store>().is_approved).toBe(true);
  });

  it('declines with a reason (required) that the merchant sees on their store', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const { token, store } = await merchantWithStore(app);
    const empty = await call(app, 'POST', `/api/v1/review/stores/${store.id}/decline/`, {
      token: staff,
      body: { reason: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ reason: ['This field is required.'] });

    const response = await call(app, 'POST', `/api/v1/review/stores/${store.id}/decline/`, {
      token: staff,
      body: { reason: 'The logo is missing.' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<ReviewStore>()).toMatchObject({
      status: 'declined',
      actions: [{ action: 'decline', reason: 'The logo is missing.' }],
    });
    const mine = await call(app, 'GET', `/api/v1/stores/${store.id}/`, { token });
    expect(mine.json<Store>()).toMatchObject({
      is_approved: false,
      declined: true,
      decline_reason: 'The logo is missing.',
    });
    expect(
      (await call(app, 'POST', '/api/v1/review/stores/999999/approve/', { token: staff }))
        .statusCode,
    ).toBe(404);
  });

  it('sends a declined store back to the queue as pending when the merchant edits it', async () => {
    const { app, clock } = ctx();
    const staff = await staffToken(app);
    const { token, store } = await merchantWithStore(app);
    const later = await merchantWithStore(app);
    await call(app, 'POST', `/api/v1/review/stores/${store.id}/decline/`, {
      token: staff,
      body: { reason: 'Add a logo' },
    });
    clock.advance(5 * 60_000);

    const edited = await call(app, 'PUT', `/api/v1/stores/${store.slug}/`, {
      token,
      body: { name: 'Renamed shop' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Store>()).toMatchObject({
      declined: false,
      decline_reason: '',
      is_approved: false,
      name: 'Renamed shop',
    });

    const queue = (
      await call(app, 'GET', '/api/v1/review/stores/', {
        token: staff,
        query: { status: 'pending' },
      })
    ).json<ReviewQueue>();
    const ids = queue.results.map((r) => r.store.id);
    // Queued again: it now waits behind the store that was created before its resubmission.
    expect(ids.indexOf(later.store.id)).toBeLessThan(ids.indexOf(store.id));
    const entry = queue.results.find((r) => r.store.id === store.id);
    expect(entry?.queued_at).toBe(clock.now().toISOString());
    const history = (
      await call(app, 'GET', `/api/v1/review/stores/${store.id}/`, { token: staff })
    ).json<ReviewStore>();
    expect(history.actions.map((a) => a.action)).toEqual(['decline', 'resubmit']);

    // Editing a pending or approved store does not add queue entries.
    await call(app, 'PUT', `/api/v1/stores/${store.slug}/`, {
      token,
      body: { name: 'Renamed again' },
    });
    const again = await call(app, 'GET', `/api/v1/review/stores/${store.id}/`, { token: staff });
    expect(again.json<ReviewStore>().actions).toHaveLength(2);
  });
});
