import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import type { ReviewQueue } from '@cc/contract';
import { users } from '../src/auth/schema';
import { stores } from '../src/stores/schema';
import { call, describeEachDatabase, merchantWithStore, secondInstance, until } from './helpers';
import { staffToken } from './review-fixtures';

/** The id of the store's owner. */
async function ownerOf(app: FastifyInstance, storeId: number): Promise<number> {
  const [row] = await app.db
    .select({ userId: stores.userId })
    .from(stores)
    .where(eq(stores.id, storeId));
  if (!row) throw new Error(`no store ${storeId}`);
  return row.userId;
}

describeEachDatabase('the review queue held per instance while it stands still', (ctx) => {
  const second = secondInstance(ctx);

  const pending = async (app: FastifyInstance, staff: string) =>
    (
      await call(app, 'GET', '/api/v1/review/stores/', {
        token: staff,
        query: { status: 'pending' },
      })
    ).json<ReviewQueue>();
  const heldAnswers = (app: FastifyInstance) => app.caches.stats().review_queue?.hits ?? 0;

  it('answers the same page from memory, and shows a decision through this instance at once', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const { store } = await merchantWithStore(app);
    const before = await pending(app, staff);
    const held = heldAnswers(app);
    const again = await until(
      () => pending(app, staff),
      () => heldAnswers(app) > held,
    );
    expect(heldAnswers(app)).toBeGreaterThan(held);
    expect(again.count).toBe(before.count);

    // The staff member who approves sees the queue one shorter straight away, without waiting for a notification.
    await call(app, 'POST', `/api/v1/review/stores/${store.id}/approve/`, { token: staff });
    const after = await pending(app, staff);
    expect(after.count).toBe(before.count - 1);
    expect(after.results.map((entry) => entry.store.id)).not.toContain(store.id);
  });

  it('another instance shows a store added, and one decided straight in the database, though it held the page', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const before = await pending(second(), staff);
    const held = heldAnswers(second());
    await until(
      () => pending(second(), staff),
      () => heldAnswers(second()) > held,
    );

    const { store } = await merchantWithStore(app);
    const added = await until(
      () => pending(second(), staff),
      (page) => page.count === before.count + 1,
    );
    expect(added.count).toBe(before.count + 1);

    // A decision written by another process: only store_changed tells this instance.
    await app.db
      .update(stores)
      .set({ declined: true, declineReason: 'No logo' })
      .where(eq(stores.id, store.id));
    const decided = await until(
      () => pending(second(), staff),
      (page) => page.count === before.count,
    );
    expect(decided.count).toBe(before.count);
    expect(decided.results.map((entry) => entry.store.id)).not.toContain(store.id);
  });

  it("another instance shows an owner's new email written straight in the database, though it held the page", async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const { store } = await merchantWithStore(app);
    const search = { token: staff, query: { status: 'pending', search: store.slug } };
    const listed = async () =>
      (await call(second(), 'GET', '/api/v1/review/stores/', search)).json<ReviewQueue>();
    const before = await listed();
    const held = heldAnswers(second());
    await until(listed, () => heldAnswers(second()) > held);
    const email = `renamed-${store.id}@example.com`;
    await app.db
      .update(users)
      .set({ email })
      .where(eq(users.id, await ownerOf(app, store.id)));
    const after = await until(listed, (page) => page.results[0]?.owner_email === email);
    expect([before.results[0]?.owner_email === email, after.results[0]?.owner_email]).toEqual([
      false,
      email,
    ]);
  });
});
