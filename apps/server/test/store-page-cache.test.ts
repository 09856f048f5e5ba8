import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { billingSubscriptions } from '../src/billing/schema';
import { coupons } from '../src/coupons/schema';
import { call, couponBody, describeEachDatabase, until } from './helpers';
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
    expect(first.headers['cache-control']).toBe(
      'public, max-age=0, s-maxage=2, stale-while-revalidate=2',
    );
    expect(first.headers['content-security-policy']).toContain("script-src 'self'");
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
    const { token, store, couponIds } = await liveStore(app, staff, [
      { description: 'One' },
      { description: 'Two' },
    ]);
    const tags = new Set<string>();
    const check = async (expectText?: string) => {
      const response = await get(store.slug, [...tags].join(', '));
      expect(response.statusCode).toBe(200);
      if (expectText) expect(response.body).toContain(expectText);
      tags.add(String(response.headers.etag));
    };
    await check();
    await call(app, 'PATCH', `/api/v1/coupons/${couponIds[0]}`, {
      token,
      body: { description: 'One, edited' },
    });
    await check('One, edited');
    await call(app, 'POST', '/api/v1/coupons/sort-coupons', {
      token,
      body: {
        items: [
          { id: String(couponIds[1]), sort_number: '1' },
          { id: String(couponIds[0]), sort_number: '2' },
        ],
      },
    });
    const reordered = await get(store.slug, [...tags].join(', '));
    expect(reordered.statusCode).toBe(200);
    expect(reordered.body.indexOf('Two')).toBeLessThan(reordered.body.indexOf('One, edited'));
    tags.add(String(reordered.headers.etag));
    await call(app, 'POST', '/api/v1/coupons/', {
      token,
      body: couponBody(app.clock, { store: store.id, description: 'Three' }),
    });
    await check('Three');
    await call(app, 'DELETE', `/api/v1/coupons/${couponIds[0]}`, { token });
    const deleted = await get(store.slug, [...tags].join(', '));
    expect(deleted.statusCode).toBe(200);
    expect(deleted.body).not.toContain('One, edited');
    tags.add(String(deleted.headers.etag));
    await call(app, 'PUT', `/api/v1/stores/${store.slug}/`, {
      token,
      body: { name: 'Brand New Name' },
    });
    await check('Brand New Name');
    expect(tags.size).toBe(6);
  });

  it('sees a change written elsewhere (another instance) as soon as store_changed says so', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const { store, couponIds } = await liveStore(app, staff);
    const before = await get(store.slug);
    expect(before.body).not.toContain('Changed elsewhere');
    // Not through this instance's API: straight into the database, as another instance would.
    await app.db
      .update(coupons)
      .set({ description: 'Changed elsewhere' })
      .where(eq(coupons.id, couponIds[0] ?? 0));
    const after = await until(
      () => get(store.slug, String(before.headers.etag)),
      (response) => response.statusCode === 200,
    );
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Changed elsewhere');
  });

  it('takes a page down as soon as its subscription ends, and serves it again when it is renewed', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const { store } = await liveStore(app, staff);
    expect((await get(store.slug)).statusCode).toBe(200);
    await app.db
      .update(billingSubscriptions)
      .set({ status: 'canceled' })
      .where(eq(billingSubscriptions.storeId, store.id));
    expect(
      (
        await until(
          () => get(store.slug),
          (response) => response.statusCode === 404,
        )
      ).statusCode,
    ).toBe(404);
    await app.db
      .update(billingSubscriptions)
      .set({ status: 'active' })
      .where(eq(billingSubscriptions.storeId, store.id));
    expect(
      (
        await until(
          () => get(store.slug),
          (response) => response.statusCode === 200,
        )
      ).statusCode,
    ).toBe(200);
  });

  it('sends the page br- or gzip-compressed to browsers that accept it, each with its own ETag', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const { store } = await liveStore(app, staff, [{ description: 'Squeezed' }]);
    const plain = await get(store.slug);
    const withEncoding = (value: string, etag?: string) =>
      call(app, 'GET', `/stores/${store.slug}`, {
        headers: { 'accept-encoding': value, ...(etag ? { 'if-none-match': etag } : {}) },
      });

    const br = await withEncoding('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);

    const gz = await withEncoding('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toContain('Squeezed');

    const identity = await withEncoding('br;q=0, gzip;q=0');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain.body);

    const tags = new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]);
    expect(tags.size).toBe(3);
    // Any representation's tag revalidates the page, whichever encoding is asked for now.
    const revalidated = await withEncoding('br', String(gz.headers.etag));
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers.etag).toBe(br.headers.etag);
    expect(revalidated.headers['content-encoding']).toBeUndefined();
  });
});
