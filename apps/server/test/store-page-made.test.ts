import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it, vi } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { billingSubscriptions } from '../src/billing/schema';
import { storePages, storePageVersions } from '../src/public-pages/schema';
import {
  call,
  couponBody,
  dayOffset,
  describeEachDatabase,
  merchantWithStore,
  secondInstance,
  until,
} from './helpers';
import { liveStore, staffToken, subscribe } from './review-fixtures';

const DAY_MS = 24 * 60 * 60 * 1000;

describeEachDatabase('public store pages made on write', (ctx) => {
  const other = secondInstance(ctx);
  const get = (app: FastifyInstance, slug: string) => call(app, 'GET', `/stores/${slug}`);
  /** Pages this instance rendered for a request because none was made for it. */
  const rendered = (app: FastifyInstance) => app.caches.stats().made_pages?.misses ?? 0;

  /** The store's page as made (undefined: none), its HTML from the br body, and the store's content version. */
  async function madeOf(storeId: number) {
    const { db } = ctx().app;
    const [versions] = await db
      .select()
      .from(storePageVersions)
      .where(eq(storePageVersions.storeId, storeId));
    const [page] = await db.select().from(storePages).where(eq(storePages.storeId, storeId));
    return {
      versions,
      page,
      html: page ? brotliDecompressSync(page.br).toString('utf8') : undefined,
    };
  }

  /** Waits until the store's current version is made, without any request asking for its page. */
  const madeNow = (storeId: number) =>
    until(
      () => madeOf(storeId),
      ({ versions }) => versions !== undefined && versions.madeVersion === versions.version,
      20_000,
    );

  it('makes the page again after a coupon edit, a store edit and a subscription change, with no request rendering it', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const { token, store, couponIds } = await liveStore(app, staff, [
      { description: 'Before the edit' },
    ]);
    expect((await madeNow(store.id)).html).toContain('Before the edit');

    await call(app, 'PATCH', `/api/v1/coupons/${couponIds[0]}`, {
      token,
      body: { description: 'After the edit' },
    });
    expect((await madeNow(store.id)).html).toContain('After the edit');
    await call(app, 'PUT', `/api/v1/stores/${store.slug}/`, {
      token,
      body: { name: 'Renamed Shop' },
    });
    const renamed = await madeNow(store.id);
    expect(renamed.html).toContain('Renamed Shop');
    const before = rendered(app);
    const page = await get(app, store.slug);
    expect(page.body).toContain('Renamed Shop');
    expect(page.headers.etag).toBe(renamed.page?.etag);
    expect(rendered(app)).toBe(before);

    // A subscription ended: the page is not live, so none is kept; renewed, it is made again.
    await app.db
      .update(billingSubscriptions)
      .set({ status: 'canceled' })
      .where(eq(billingSubscriptions.storeId, store.id));
    expect((await madeNow(store.id)).page).toBeUndefined();
    await app.db
      .update(billingSubscriptions)
      .set({ status: 'active' })
      .where(eq(billingSubscriptions.storeId, store.id));
    expect((await madeNow(store.id)).html).toContain('Renamed Shop');
  });

  it('makes the page when staff approve the store, not before', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const { token, store } = await merchantWithStore(app);
    await call(app, 'POST', '/api/v1/coupons/', {
      token,
      body: couponBody(app.clock, { store: store.id, description: 'Awaiting review' }),
    });
    await subscribe(app, store.id, 'active');
    expect((await madeNow(store.id)).page).toBeUndefined();
    expect(
      (await call(app, 'POST', `/api/v1/review/stores/${store.id}/approve/`, { token: staff }))
        .statusCode,
    ).toBe(200);
    expect((await madeNow(store.id)).html).toContain('Awaiting review');
    const before = rendered(app);
    expect((await get(app, store.slug)).body).toContain('Awaiting review');
    expect(rendered(app)).toBe(before);
  });

  it('serves the page made after an edit on another instance', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const { token, store, couponIds } = await liveStore(app, staff, [
      { description: 'Seen first' },
    ]);
    await madeNow(store.id);
    expect((await get(other(), store.slug)).body).toContain('Seen first');
    await call(app, 'PATCH', `/api/v1/coupons/${couponIds[0]}`, {
      token,
      body: { description: 'Seen after the edit' },
    });
    expect((await madeNow(store.id)).html).toContain('Seen after the edit');
    const before = rendered(other());
    const page = await until(
      () => get(other(), store.slug),
      (response) => response.body.includes('Seen after the edit'),
    );
    expect(page.body).toContain('Seen after the edit');
    expect(rendered(other())).toBe(before);
  });

  it('serves a page not made yet (as after a migration) by rendering it, and the page made later is the same', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const { store } = await liveStore(app, staff, [{ description: 'Made or not' }]);
    await madeNow(store.id);
    // Not made, and held by another instance's claim (which no drain of this one takes over).
    await app.db.delete(storePages).where(eq(storePages.storeId, store.id));
    await app.db
      .update(storePageVersions)
      .set({ madeVersion: 0, makingUntil: new Date(app.clock.now().getTime() + 60 * 60 * 1000) })
      .where(eq(storePageVersions.storeId, store.id));
    const before = rendered(app);
    const page = await get(app, store.slug);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Made or not');
    expect(rendered(app)).toBe(before + 1);

    await app.db
      .update(storePageVersions)
      .set({ makingUntil: null })
      .where(eq(storePageVersions.storeId, store.id));
    await app.storePages.makePages();
    const made = await madeOf(store.id);
    expect(made.html).toBe(page.body);
    expect(gunzipSync(made.page?.gzip ?? Buffer.alloc(0)).toString('utf8')).toBe(page.body);
    expect(made.page?.etag).toBe(page.headers.etag);
  });

  it("takes a shopper's answer into the page at once: rendered on request until the instance makes it again", async () => {
    const { app, clock } = ctx();
    const staff = await staffToken(app);
    const { store, couponIds } = await liveStore(app, staff, [
      { expiration_date: dayOffset(clock, 60) },
    ]);
    expect((await madeNow(store.id)).page?.validUntil).not.toBe(dayOffset(clock, 0));
    const answered = await call(app, 'POST', `/stores/${store.slug}/feedback`, {
      body: { coupon: couponIds[0], worked: true },
    });
    expect(answered.json()).toEqual({ counted: true });
    expect((await madeOf(store.id)).page?.validUntil).toBe(dayOffset(clock, 0));
    const before = rendered(app);
    await get(app, store.slug);
    expect(rendered(app)).toBe(before + 1);
    // Made again by the instance that took the answer, without waiting for the periodic run.
    await vi.waitFor(async () => {
      expect((await madeOf(store.id)).page?.validUntil).not.toBe(dayOffset(clock, 0));
    });
    const made = await madeOf(store.id);
    const after = rendered(app);
    expect((await get(app, store.slug)).body).toBe(made.html);
    expect(rendered(app)).toBe(after);
  });

  // Last: it moves the suite's clock on a day.
  it("shows a coupon that starts, and drops one that ended, once the periodic run has made the next day's page", async () => {
    const { app, clock } = ctx();
    const staff = await staffToken(app);
    const { store } = await liveStore(app, staff, [
      {
        description: 'Starts tomorrow',
        start_date: dayOffset(clock, 1),
        expiration_date: dayOffset(clock, 10),
      },
      { description: 'Ends today', expiration_date: dayOffset(clock, 0) },
      { description: 'Runs on' },
    ]);
    const today = await madeNow(store.id);
    expect(today.html).toContain('Ends today');
    expect(today.html).not.toContain('Starts tomorrow');
    expect(today.page?.validUntil).toBe(dayOffset(clock, 1));

    clock.advance(DAY_MS);
    await app.storePages.makePages();
    const tomorrow = await madeOf(store.id);
    expect(tomorrow.page?.madeFor).toBe(dayOffset(clock, 0));
    const before = rendered(app);
    const page = await get(app, store.slug);
    expect(page.body).toContain('Starts tomorrow');
    expect(page.body).toContain('Runs on');
    expect(page.body).not.toContain('Ends today');
    expect(page.body).toBe(tomorrow.html);
    expect(rendered(app)).toBe(before);
  });
});
