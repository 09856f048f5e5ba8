import { expect, it } from 'vitest';
import {
  MESSAGES,
  type LegacyCouponQueueItem,
  type LegacyMerchantQueueItem,
  type LegacyPage,
} from '@cc/contract';
import { call, describeEachDatabase, register } from './helpers';
import { catalogueMerchant } from './legacy-fixtures';
import { staffToken } from './review-fixtures';

describeEachDatabase(
  'legacy MerchantQueue and CouponQueue calls: the review queue, staff only',
  (ctx) => {
    const URLS = [
      '/api/MerchantQueue/Get',
      '/api/MerchantQueue/GetByAdvertiserId?advertiserId=1',
      '/api/CouponQueue/GetByCouponId?couponId=1',
    ];

    it('is staff only: 401 without a session, 403 for a merchant, on every queue call', async () => {
      const { app } = ctx();
      const { token } = await register(app);
      for (const url of URLS) {
        expect((await call(app, 'GET', url)).statusCode, url).toBe(401);
        const merchant = await call(app, 'GET', url, { token });
        expect(merchant.statusCode, url).toBe(403);
        expect(merchant.json()).toEqual({
          message: MESSAGES.forbidden,
          detail: MESSAGES.forbidden,
        });
      }
    });

    it('MerchantQueue/Get lists pending stores first, then oldest first, filtered by status, in pages', async () => {
      const { app, clock } = ctx();
      const staff = await staffToken(app);
      const approved = await catalogueMerchant(app, staff, { state: 'live' });
      clock.advance(60_000);
      const pending = await catalogueMerchant(app, staff, { state: 'pending', coupons: [{}, {}] });
      clock.advance(60_000);
      const declined = await catalogueMerchant(app, staff, { state: 'declined' });
      const get = async (query = '') =>
        (await call(app, 'GET', `/api/MerchantQueue/Get${query}`, { token: staff })).json<
          LegacyPage<LegacyMerchantQueueItem>
        >();
      const all = await get('?pageSize=100');
      const ids = all.Items.map((item) => item.MerchantId);
      expect(ids.indexOf(pending.store.id)).toBeLessThan(ids.indexOf(approved.store.id));
      expect(ids.indexOf(approved.store.id)).toBeLessThan(ids.indexOf(declined.store.id));
      const entry = all.Items.find((item) => item.MerchantId === pending.store.id);
      expect(entry).toMatchObject({
        Name: pending.store.name,
        Slug: pending.store.slug,
        ClientId: 7,
        Status: 'pending',
        DeclineReason: '',
        CouponCount: 2,
      });
      expect(entry?.OwnerEmail).toMatch(/@example\.com$/);
      expect(entry?.PreviewUrl).toMatch(new RegExp(`^/stores/${pending.store.slug}\\?preview=`));
      expect(new Date(entry?.QueuedAt ?? '').getTime()).toBeGreaterThan(0);
      const declinedOnly = await get('?status=declined&pageSize=100');
      expect(declinedOnly.Items.every((item) => item.Status === 'declined')).toBe(true);
      expect(
        declinedOnly.Items.find((item) => item.MerchantId === declined.store.id)?.DeclineReason,
      ).toBe('The logo is missing.');
      expect(await get('?page=2&pageSize=1')).toMatchObject({
        Items: [all.Items[1]],
        TotalCount: all.TotalCount,
        Page: 2,
        PageSize: 1,
      });
      const bad = await call(app, 'GET', '/api/MerchantQueue/Get?status=lost', { token: staff });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ status: [MESSAGES.invalidChoice] });
    });

    it("MerchantQueue/GetByAdvertiserId answers the advertiser's store in the queue; an account without a store is 404", async () => {
      const { app } = ctx();
      const staff = await staffToken(app);
      const { userId, store } = await catalogueMerchant(app, staff, { state: 'pending' });
      const response = await call(
        app,
        'GET',
        `/api/MerchantQueue/GetByAdvertiserId?advertiserId=${userId}`,
        { token: staff },
      );
      expect(response.statusCode).toBe(200);
      expect(response.json<LegacyMerchantQueueItem>()).toMatchObject({
        MerchantId: store.id,
        Status: 'pending',
      });
      const { token } = await register(app);
      const me = (await call(app, 'GET', '/api/v1/auth/me/', { token })).json<{ id: number }>();
      expect(
        (
          await call(app, 'GET', `/api/MerchantQueue/GetByAdvertiserId?advertiserId=${me.id}`, {
            token: staff,
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await call(app, 'GET', '/api/MerchantQueue/GetByAdvertiserId?advertiserId=2147483647', {
            token: staff,
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await call(app, 'GET', '/api/MerchantQueue/GetByAdvertiserId', { token: staff })).json(),
      ).toEqual({
        advertiserId: [MESSAGES.required],
      });
    });

    it("CouponQueue/GetByCouponId answers the coupon with its store's place in the queue; an unknown coupon is 404", async () => {
      const { app } = ctx();
      const staff = await staffToken(app);
      const { store, couponIds } = await catalogueMerchant(app, staff, {
        state: 'declined',
        coupons: [{ description: 'Queued coupon' }],
      });
      const response = await call(
        app,
        'GET',
        `/api/CouponQueue/GetByCouponId?couponId=${couponIds[0]}`,
        { token: staff },
      );
      expect(response.statusCode).toBe(200);
      const item = response.json<LegacyCouponQueueItem>();
      expect(item).toMatchObject({
        CouponId: couponIds[0],
        MerchantId: store.id,
        Status: 'declined',
      });
      expect(item.Coupon).toMatchObject({
        CouponId: couponIds[0],
        Description: 'Queued coupon',
        Url: `${store.url}/go/${couponIds[0]}`,
      });
      expect(
        (
          await call(app, 'GET', '/api/CouponQueue/GetByCouponId?couponId=2147483647', {
            token: staff,
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await call(app, 'GET', '/api/CouponQueue/GetByCouponId?couponId=-1', { token: staff }))
          .statusCode,
      ).toBe(400);
    });
  },
);
