import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import type { ReviewQueue } from '@cc/contract';
import { stores } from '../src/stores/schema';
import { call, describeEachDatabase, merchantWithStore, secondInstance, until } from './helpers';
import { staffToken } from './review-fixtures';

describeEachDatabase('the review queue counted once per instance while it stands still', (ctx) => {
  const second = secondInstance(ctx);

  const pending = async (app: FastifyInstance, staff: string) =>
    (await call(app, 'GET', '/api/v1/review/stores/', { token: staff, query: { status: 'pending' } })).json<ReviewQueue>();
  const heldCounts = (app: FastifyInstance) => app.caches.stats().review_counts?.hits ?? 0;

  it('answers the same count from memory, and a decision through this instance at once', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const { store } = await merchantWithStore(app);
    const before = await pending(app, staff);
    const held = heldCounts(app);
    const again = await until(() => pending(app, staff), () => heldCounts(app) > held);
    expect(heldCounts(app)).toBeGreaterThan(held);
    expect(again.count).toBe(before.count);

    // The staff member who approves sees the queue one shorter straight away, without waiting for a notification.
    await call(app, 'POST', `/api/v1/review/stores/${store.id}/approve/`, { token: staff });
    const after = await pending(app, staff);
    expect(after.count).toBe(before.count - 1);
    expect(after.results.map((entry) => entry.store.id)).not.toContain(store.id);
  });

  it('another instance counts a store added, and one decided straight in the database, though it held the count', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const before = await pending(second(), staff);
    const held = heldCounts(second());
    await until(() => pending(second(), staff), () => heldCounts(second()) > held);

    const { store } = await merchantWithStore(app);
    const added = await until(() => pending(second(), staff), (page) => page.count === before.count + 1);
    expect(added.count).toBe(before.count + 1);

    // A decision written by another process: only store_changed tells this instance.
    await app.db.update(stores).set({ declined: true, declineReason: 'No logo' }).where(eq(stores.id, store.id));
    const decided = await until(() => pending(second(), staff), (page) => page.count === before.count);
    expect(decided.count).toBe(before.count);
    expect(decided.results.map((entry) => entry.store.id)).not.toContain(store.id);
  });
});
