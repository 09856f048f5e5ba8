import { randomInt } from 'node:crypto';
import { expect, it } from 'vitest';
import type { LegacyCoupon, LegacyPage } from '@cc/contract';
import { call, dayOffset, describeEachDatabase } from './helpers';
import { catalogueMerchant, everyItem, HIDDEN_STATES, publicGet, tag } from './legacy-fixtures';
import { staffToken } from './review-fixtures';

describeEachDatabase(
  "legacy Coupon calls: featured coupons, a merchant's and a category's coupons",
  (ctx) => {
    const page = (url: string, client = 7) =>
      publicGet(ctx().app, url, client).then((r) => r.json<LegacyPage<LegacyCoupon>>());

    it("Coupon/store/{storeId} answers a live merchant's current coupons in the merchant's order, in pages", async () => {
      const { app, clock } = ctx();
      const staff = await staffToken(app);
      const { store, couponIds } = await catalogueMerchant(app, staff, {
        coupons: [
          {
            description: 'Open-ended',
            expiration_date: null,
            title: 'Up to 50% off',
            savings_percent: 50,
          },
          { description: 'Scheduled', start_date: dayOffset(clock, 1) },
          {
            description: 'Expired',
            start_date: dayOffset(clock, -30),
            expiration_date: dayOffset(clock, -1),
          },
          {
            description: 'Last day',
            expiration_date: dayOffset(clock, 0),
            offer_type: 'sale_amount',
            title: '',
            savings_amount: '5',
          },
        ],
      });
      const all = await page(`/api/Coupon/store/${store.id}`);
      expect(all.TotalCount).toBe(2);
      expect(all.Items[0]).toEqual({
        CouponId: couponIds[0],
        MerchantId: store.id,
        MerchantName: store.name,
        MerchantSlug: store.slug,
        LogoUrl: '',
        OfferType: 'sitewide_percent',
        Headline: 'Up to 50% off',
        Description: 'Open-ended',
        Code: 'SAVE20',
        Url: `http://localhost:4007/stores/${store.slug}/go/${couponIds[0]}`,
        StartDate: dayOffset(clock, 0),
        ExpirationDate: null,
        SavingsAmount: null,
        SavingsPercent: '50.00',
        MinimumOrder: '10.00',
        IsSavingsRange: true,
        SortNumber: 1,
      });
      expect(all.Items[1]).toMatchObject({
        Description: 'Last day',
        Headline: '£5 OFF',
        SavingsAmount: '5.00',
        IsSavingsRange: false,
      });
      expect(await page(`/api/Coupon/store/${store.id}?page=2&pageSize=1`)).toEqual({
        Items: [all.Items[1]],
        TotalCount: 2,
        Page: 2,
        PageSize: 1,
      });
      // The Url is the store page's counted click-through to the merchant.
      const click = await call(app, 'GET', new URL(all.Items[0]?.Url ?? '').pathname);
      expect(click.statusCode).toBe(302);
      expect(click.headers.location).toBe('https://example.com/sale');
      expect((await publicGet(app, `/api/Coupon/store/${store.id}`, 8)).statusCode).toBe(404);
      expect((await publicGet(app, '/api/Coupon/store/999999')).statusCode).toBe(404);
      expect((await publicGet(app, `/api/Coupon/store/${store.id}?pageSize=0`)).json()).toEqual({
        pageSize: ['Ensure this value is greater than or equal to 1.'],
      });
    });

    it("Coupon/Get?couponId answers one current coupon; a scheduled or expired one, or another brand's, is 404", async () => {
      const { app, clock } = ctx();
      const staff = await staffToken(app);
      const { couponIds } = await catalogueMerchant(app, staff, {
        coupons: [
          {},
          { start_date: dayOffset(clock, 2) },
          { start_date: dayOffset(clock, -9), expiration_date: dayOffset(clock, -1) },
        ],
      });
      const [current, scheduled, expired] = couponIds;
      expect(
        (await publicGet(app, `/api/Coupon/Get?couponId=${current}`)).json<LegacyCoupon>().CouponId,
      ).toBe(current);
      for (const id of [scheduled, expired])
        expect((await publicGet(app, `/api/Coupon/Get?couponId=${id}`)).statusCode).toBe(404);
      expect((await publicGet(app, `/api/Coupon/Get?couponId=${current}`, 10)).statusCode).toBe(
        404,
      );
      const missing = await publicGet(app, '/api/Coupon/Get');
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ couponId: ['This field is required.'] });
      expect((await publicGet(app, '/api/Coupon/Get?couponId=0')).json()).toEqual({
        couponId: ['Ensure this value is greater than or equal to 1.'],
      });
    });

    it('Coupon/category/{categoryId} answers the current coupons of the live merchants in that category, merchants A to Z', async () => {
      const { app } = ctx();
      const staff = await staffToken(app);
      const category = randomInt(100_000, 2_000_000);
      const mark = tag();
      const b = await catalogueMerchant(app, staff, {
        name: `Bravo ${mark}`,
        category,
        coupons: [{ description: 'B1' }, { description: 'B2' }],
      });
      await catalogueMerchant(app, staff, {
        name: `Alpha ${mark}`,
        category,
        coupons: [{ description: 'A1' }],
      });
      await catalogueMerchant(app, staff, {
        name: `Aardvark ${mark}`,
        coupons: [{ description: 'Other category' }],
      });
      await catalogueMerchant(app, staff, {
        name: `Abacus ${mark}`,
        category,
        state: 'pending',
        coupons: [{ description: 'Pending' }],
      });
      const all = await page(`/api/Coupon/category/${category}`);
      expect(all.Items.map((c) => c.Description)).toEqual(['A1', 'B1', 'B2']);
      expect(all.TotalCount).toBe(3);
      expect(
        (await page(`/api/Coupon/category/${category}?page=2&pageSize=2`)).Items.map(
          (c) => c.CouponId,
        ),
      ).toEqual([b.couponIds[1]]);
      expect(await page(`/api/Coupon/category/${category + 1}`)).toEqual({
        Items: [],
        TotalCount: 0,
        Page: 1,
        PageSize: 20,
      });
      expect((await publicGet(app, '/api/Coupon/category/x')).statusCode).toBe(404);
    });

    it('Coupon/Featured answers the first coupon of each live merchant, the most-viewed merchants (last 30 days) first, then A to Z', async () => {
      const { app, clock } = ctx();
      const staff = await staffToken(app);
      const mark = tag();
      const quiet = await catalogueMerchant(app, staff, {
        client: 8,
        name: `Quiet ${mark}`,
        coupons: [{ description: 'Quiet 1' }],
      });
      const busy = await catalogueMerchant(app, staff, {
        client: 8,
        name: `Busy ${mark}`,
        coupons: [{ description: 'Busy 1' }, { description: 'Busy 2' }],
      });
      const some = await catalogueMerchant(app, staff, {
        client: 8,
        name: `Some ${mark}`,
        coupons: [{ description: 'Some 1' }],
      });
      await catalogueMerchant(app, staff, {
        client: 8,
        name: `Later ${mark}`,
        coupons: [{ start_date: dayOffset(clock, 5) }],
      });
      const view = (slug: string, visitor: string) =>
        call(app, 'POST', `/stores/${slug}/events`, {
          query: { type: 'view' },
          headers: { 'user-agent': visitor, 'x-site-key': '8' },
        });
      for (const visitor of ['a', 'b', 'c']) await view(busy.store.slug, visitor);
      await view(some.store.slug, 'a');
      const featured = (await everyItem<LegacyCoupon>(app, '/api/Coupon/Featured', 8)).filter((c) =>
        c.MerchantName.includes(mark),
      );
      expect(featured.map((c) => c.Description)).toEqual(['Busy 1', 'Some 1', 'Quiet 1']);
      expect(featured[2]).toMatchObject({
        MerchantId: quiet.store.id,
        CouponId: quiet.couponIds[0],
      });
      const firstPage = await page('/api/Coupon/Featured?pageSize=1', 8);
      expect(firstPage.PageSize).toBe(1);
      expect(firstPage.Items).toHaveLength(1);
      expect(
        (await everyItem<LegacyCoupon>(app, '/api/Coupon/Featured', 7)).some((c) =>
          c.MerchantName.includes(mark),
        ),
      ).toBe(false);
    });

    it('never shows a coupon of a pending, declined, unpaid, canceled or lapsed store', async () => {
      const { app } = ctx();
      const staff = await staffToken(app);
      const category = randomInt(100_000, 2_000_000);
      for (const state of HIDDEN_STATES) {
        const { store, couponIds } = await catalogueMerchant(app, staff, { state, category });
        expect((await publicGet(app, `/api/Coupon/store/${store.id}`)).statusCode, state).toBe(404);
        expect(
          (await publicGet(app, `/api/Coupon/Get?couponId=${couponIds[0]}`)).statusCode,
          state,
        ).toBe(404);
        const featured = await everyItem<LegacyCoupon>(app, '/api/Coupon/Featured');
        expect(featured.some((c) => c.MerchantId === store.id)).toBe(false);
      }
      expect((await page(`/api/Coupon/category/${category}`)).TotalCount).toBe(0);
    });
  },
);
