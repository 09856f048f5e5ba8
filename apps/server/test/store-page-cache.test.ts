import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { coupons } from '../src/db/schema';
import { call, couponBody, describeEachDatabase } from './helpers';
import { liveStore, staffToken } from './review-fixtures';

describeEachDatabase('public store page caching', (ctx) => {
  const get = (slug: string, etag?: string) =>
    call(ctx().app, 'GET', `/stores/${slug}`, etag ? { headers: { 'if-none-match': etag } } : {});

  it('sends an ETag and Cache-Control; If-None-Match with the same tag answers 304 without a body', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const { store } = await liveStore(app, staff);
    const first = await get(store.slug);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(first.headers['content-security-policy']).toContain("script-src 'sha256-");
    const again = await get(store.slug, etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await get(store.slug, `W/${etag}`)).statusCode).toBe(304);
    expect((await get(store.slug, '"something-else"')).statusCode).toBe(200);
  });

  it('changes the ETag when a coupon is edited, added, reordered or deleted, and when the store changes', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const { token, store, couponIds } = await liveStore(app, staff, [{ description: 'One' }, { description: 'Two' }]);
    const tags = new Set<string>();
    const check = async (expectText?: string) => {
      const response = await get(store.slug, [...tags].join(', '));
      expect(response.statusCode).toBe(200);
      if (expectText) expect(response.body).toContain(expectText);
      tags.add(String(response.headers.etag));
    };
    await check();
    await call(app, 'PATCH', `/api/v1/coupons/${couponIds[0]}`, { token, body: { description: 'One, edited' } });
    await check('One, edited');
    await call(app, 'POST', '/api/v1/coupons/sort-coupons', {
      token,
      body: { items: [{ id: String(couponIds[1]), sort_number: '1' }, { id: String(couponIds[0]), sort_number: '2' }] },
    });
    const reordered = await get(store.slug, [...tags].join(', '));
    expect(reordered.statusCode).toBe(200);
    expect(reordered.body.indexOf('Two')).toBeLessThan(reordered.body.indexOf('One, edited'));
    tags.add(String(reordered.headers.etag));
    await call(app, 'POST', '/api/v1/coupons/', { token, body: couponBody(store.id, { description: 'Three' }) });
    await check('Three');
    await call(app, 'DELETE', `/api/v1/coupons/${couponIds[0]}`, { token });
    const deleted = await get(store.slug, [...tags].join(', '));
    expect(deleted.statusCode).toBe(200);
    expect(deleted.body).not.toContain('One, edited');
    tags.add(String(deleted.headers.etag));
    await call(app, 'PUT', `/api/v1/stores/${store.slug}/`, { token, body: { name: 'Brand New Name' } });
    await check('Brand New Name');
    expect(tags.size).toBe(6);
  });

  it('sees a change written elsewhere (another instance) within a second, through the triggers\' version', async () => {
    const { app, clock } = ctx();
    const staff = await staffToken(app);
    const { store, couponIds } = await liveStore(app, staff);
    const before = await get(store.slug);
    // Not through this instance's API: straight into the database, as another instance would.
    await app.db.update(coupons).set({ description: 'Changed elsewhere' }).where(eq(coupons.id, couponIds[0] ?? 0));
    clock.advance(1_001);
    const after = await get(store.slug, String(before.headers.etag));
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Changed elsewhere');
  });
});
