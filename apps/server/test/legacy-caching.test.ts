import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { LegacyCoupon, LegacyMerchant, LegacyPage } from '@cc/contract';
import { billingSubscriptions } from '../src/billing/schema';
import { coupons } from '../src/coupons/schema';
import { buildApp } from '../src/app';
import { call, couponBody, describeEachDatabase, testEnv, until } from './helpers';
import { catalogueMerchant, everyItem, publicGet, tag } from './legacy-fixtures';
import { staffToken } from './review-fixtures';

describeEachDatabase('legacy catalogue: cacheable lists, invalidated by store changes', (ctx) => {
  const withTag = (url: string, etag: string) =>
    publicGet(ctx().app, url, 7, { 'if-none-match': etag });

  it('sends an ETag and Cache-Control on every public read; If-None-Match with the tag answers 304 without a body', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const { store, couponIds } = await catalogueMerchant(app, staff, { name: `Tagged ${tag()}` });
    const urls = [
      '/api/Merchant/List',
      '/api/Merchant/letter/t',
      `/api/Merchant/id/${store.id}`,
      `/api/Merchant/slug/${store.slug}`,
      `/api/Merchant/id/${store.id}/snippet`,
      '/api/Coupon/Featured',
      `/api/Coupon/store/${store.id}`,
      '/api/Coupon/category/1536',
      `/api/Coupon/Get?couponId=${couponIds[0]}`,
    ];
    for (const url of urls) {
      const first = await publicGet(app, url);
      expect(first.statusCode, url).toBe(200);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
      expect(first.headers['cache-control']).toBe(
        'public, max-age=0, s-maxage=2, stale-while-revalidate=2',
      );
      expect(String(first.headers.vary)).toContain('x-site-key');
      const again = await withTag(url, etag);
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe('');
      expect((await withTag(url, `W/${etag}, "other"`)).statusCode).toBe(304);
      expect((await withTag(url, '"other"')).statusCode).toBe(200);
    }
  });

  it('changes the answer at once when a store is approved, renamed, or its coupons change', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const mark = tag();
    const { token, store, couponIds } = await catalogueMerchant(app, staff, {
      name: `First ${mark}`,
    });
    const list = await publicGet(app, '/api/Merchant/List?pageSize=100');
    const pending = await catalogueMerchant(app, staff, {
      name: `Second ${mark}`,
      state: 'pending',
    });
    expect(
      (await withTag('/api/Merchant/List?pageSize=100', String(list.headers.etag))).statusCode,
    ).toBe(304);
    await call(app, 'POST', `/api/v1/review/stores/${pending.store.id}/approve/`, { token: staff });
    const approved = await withTag('/api/Merchant/List?pageSize=100', String(list.headers.etag));
    expect(approved.statusCode).toBe(200);
    expect(approved.json<LegacyPage<LegacyMerchant>>().Items.map((m) => m.Name)).toContain(
      `Second ${mark}`,
    );

    await call(app, 'PUT', `/api/v1/stores/${store.slug}/`, {
      token,
      body: { name: `Renamed ${mark}` },
    });
    expect((await publicGet(app, `/api/Merchant/id/${store.id}`)).json<LegacyMerchant>().Name).toBe(
      `Renamed ${mark}`,
    );

    const before = await publicGet(app, `/api/Coupon/store/${store.id}`);
    await call(app, 'PATCH', `/api/v1/coupons/${couponIds[0]}/`, {
      token,
      body: { description: 'Edited' },
    });
    await call(app, 'POST', '/api/v1/coupons/', {
      token,
      body: couponBody(app.clock, { store: store.id, description: 'Added' }),
    });
    const after = await withTag(`/api/Coupon/store/${store.id}`, String(before.headers.etag));
    expect(after.json<LegacyPage<LegacyCoupon>>().Items.map((c) => c.Description)).toEqual([
      'Edited',
      'Added',
    ]);
  });

  it('sees a change written elsewhere (another instance, straight into the database) as soon as store_changed says so', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const { store, couponIds } = await catalogueMerchant(app, staff);
    expect(
      (await publicGet(app, `/api/Coupon/Get?couponId=${couponIds[0]}`)).json<LegacyCoupon>()
        .Description,
    ).toBe('20% off everything');
    await app.db
      .update(coupons)
      .set({ description: 'Changed elsewhere' })
      .where(eq(coupons.id, couponIds[0] ?? 0));
    const changed = await until(
      () => publicGet(app, `/api/Coupon/Get?couponId=${couponIds[0]}`),
      (response) => response.json<LegacyCoupon>().Description === 'Changed elsewhere',
    );
    expect(changed.json<LegacyCoupon>().Description).toBe('Changed elsewhere');

    await app.db
      .update(billingSubscriptions)
      .set({ status: 'canceled' })
      .where(eq(billingSubscriptions.storeId, store.id));
    const gone = await until(
      () => publicGet(app, `/api/Merchant/id/${store.id}`),
      (response) => response.statusCode === 404,
    );
    expect(gone.statusCode).toBe(404);
    expect(
      (await everyItem<LegacyMerchant>(app, '/api/Merchant/List')).some(
        (merchant) => merchant.MerchantId === store.id,
      ),
    ).toBe(false);
  });

  it('answers from the database, just as correctly, on an instance that does not hear store changes', async () => {
    const { app, database, clock } = ctx();
    const other = await buildApp({ database, clock, env: testEnv(), logger: false });
    await other.ready();
    try {
      // As when its listener's connection is lost: its store caches are off until it is back.
      await other.storeChanges.stop();
      const staff = await staffToken(app);
      const { store, couponIds } = await catalogueMerchant(app, staff);
      expect((await publicGet(other, `/api/Coupon/store/${store.id}`)).statusCode).toBe(200);
      await app.db
        .update(coupons)
        .set({ description: 'Unheard change' })
        .where(eq(coupons.id, couponIds[0] ?? 0));
      // No waiting: nothing tells it of the change, so it reads the database every time.
      const seen = (await publicGet(other, `/api/Coupon/store/${store.id}`)).json<
        LegacyPage<LegacyCoupon>
      >();
      expect(seen.Items.map((c) => c.Description)).toEqual(['Unheard change']);
    } finally {
      await other.close();
    }
  });
});
