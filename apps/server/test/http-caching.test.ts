import { expect, it } from 'vitest';
import { call, describeEachDatabase } from './helpers';
import { liveStore, staffToken } from './review-fixtures';

/** What every public page and catalogue read sends (core/http/http-cache.ts): a shared cache keeps it 2 s, and 2 s more while it revalidates. */
const PUBLIC = 'public, max-age=0, s-maxage=2, stale-while-revalidate=2';
const PRIVATE = 'private, no-store';

describeEachDatabase(
  'HTTP caching: shared caches keep public reads briefly and signed-in answers never',
  (ctx) => {
    it('sends every signed-in answer, and every refusal of one, as private, no-store', async () => {
      const { app } = ctx();
      const staff = await staffToken(app);
      const { token, store } = await liveStore(app, staff, [{ description: 'Mine' }]);
      const merchantReads = [
        '/api/v1/auth/me/',
        `/api/v1/stores/${store.id}/`,
        `/api/v1/coupons/?store_slug=${store.slug}&client=7&include_scheduled=1`,
        '/api/v1/coupons/stats/',
        '/api/v1/insights/',
        '/api/v1/coupon-center-plans/?client=7',
        '/api/v1/coupon-center-transactions/',
        '/api/v1/billing-details/',
        '/api/v1/payment-methods/',
        `/api/Merchant/Get?merchantId=${store.id}`,
      ];
      for (const url of merchantReads) {
        const answer = await call(app, 'GET', url, { token });
        expect(answer.statusCode, url).toBe(200);
        expect(answer.headers['cache-control'], url).toBe(PRIVATE);
        const refused = await call(app, 'GET', url);
        expect(refused.statusCode, url).toBe(401);
        expect(refused.headers['cache-control'], url).toBe(PRIVATE);
      }
      for (const url of ['/api/v1/review/stores/', '/api/MerchantQueue/Get']) {
        const queue = await call(app, 'GET', url, { token: staff });
        expect(queue.statusCode, url).toBe(200);
        expect(queue.headers['cache-control'], url).toBe(PRIVATE);
      }
      const edited = await call(app, 'PATCH', `/api/v1/stores/${store.slug}/`, {
        token,
        body: { name: 'Cached Nowhere' },
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.headers['cache-control']).toBe(PRIVATE);
    });

    it('lets a shared cache keep the public page and the catalogue, each with an ETag that an edit changes', async () => {
      const { app } = ctx();
      const staff = await staffToken(app);
      const { token, store, couponIds } = await liveStore(app, staff, [
        { description: 'Before the edit' },
      ]);
      const reads = [
        `/stores/${store.slug}`,
        `/api/Merchant/id/${store.id}`,
        `/api/Coupon/store/${store.id}`,
        `/api/Coupon/Get?couponId=${couponIds[0]}`,
      ];
      const read = (url: string, etag?: string) =>
        call(app, 'GET', url, {
          headers: { 'x-site-key': '7', ...(etag ? { 'if-none-match': etag } : {}) },
        });
      const before = new Map<string, string>();
      for (const url of reads) {
        const answer = await read(url);
        expect(answer.statusCode, url).toBe(200);
        expect(answer.headers['cache-control'], url).toBe(PUBLIC);
        before.set(url, String(answer.headers.etag));
        const unchanged = await read(url, String(answer.headers.etag));
        expect(unchanged.statusCode, url).toBe(304);
        expect(unchanged.headers['cache-control'], url).toBe(PUBLIC);
      }
      // The merchant edits a coupon and renames the store: each read shows its part with a new tag.
      expect(
        (
          await call(app, 'PATCH', `/api/v1/coupons/${couponIds[0]}/`, {
            token,
            body: { description: 'After the edit' },
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (
          await call(app, 'PATCH', `/api/v1/stores/${store.slug}/`, {
            token,
            body: { name: 'Renamed Since' },
          })
        ).statusCode,
      ).toBe(200);
      for (const url of reads) {
        const answer = await read(url, before.get(url));
        expect(answer.statusCode, url).toBe(200);
        expect(String(answer.headers.etag), url).not.toBe(before.get(url));
        expect(answer.body, url).toContain(
          url.startsWith('/api/Merchant/') ? 'Renamed Since' : 'After the edit',
        );
      }
    });
  },
);
