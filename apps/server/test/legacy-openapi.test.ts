import { expect, it } from 'vitest';
import { call, describeEachDatabase } from './helpers';

/** Every legacy call of SPEC section 7 beside /api/v1 and Auth, as the OpenAPI document names it. */
const LEGACY_CALLS = [
  ['get', '/api/Merchant/List'],
  ['get', '/api/Merchant/id/{id}'],
  ['get', '/api/Merchant/slug/{slug}'],
  ['get', '/api/Merchant/id/{id}/snippet'],
  ['get', '/api/Merchant/letter/{letter}'],
  ['get', '/api/Merchant/Get'],
  ['get', '/api/Merchant/GetByAdvertiser'],
  ['get', '/api/MerchantQueue/Get'],
  ['get', '/api/MerchantQueue/GetByAdvertiserId'],
  ['get', '/api/Coupon/Featured'],
  ['get', '/api/Coupon/store/{storeId}'],
  ['get', '/api/Coupon/category/{categoryId}'],
  ['get', '/api/Coupon/Get'],
  ['get', '/api/CouponQueue/GetByCouponId'],
  ['delete', '/api/Payment/Delete'],
  ['get', '/api/Payment/GetInvoices'],
  ['post', '/api/Payment/SetDefaultMethod'],
  ['get', '/api/Payment/Session'],
  ['post', '/api/Advertiser/Add'],
  ['put', '/api/Advertiser/Edit'],
  ['get', '/api/Advertiser/Get'],
  ['get', '/api/Advertiser/GetBySourceId'],
  ['post', '/api/Contact/Add'],
  ['put', '/api/Contact/Edit'],
  ['get', '/api/Contact/Get'],
  ['get', '/api/Contact/GetList'],
] as const;

type Media = { example?: unknown; schema?: { example?: unknown } };
type Operation = {
  tags?: string[];
  summary?: string;
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
};
type OpenApi = { paths: Record<string, Record<string, Operation>> };

describeEachDatabase('legacy calls in the OpenAPI document and on the docs page', (ctx) => {
  it('lists every legacy call of SPEC section 7 under the legacy tag, with a summary and an example answer', async () => {
    const doc = (await call(ctx().app, 'GET', '/api/v1/openapi.json')).json<OpenApi>();
    for (const [method, path] of LEGACY_CALLS) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation?.tags).toEqual(['legacy']);
      expect(operation?.summary).toBeTruthy();
      const success = operation?.responses['200'] ?? operation?.responses['201'];
      expect(success?.content?.['application/json']?.example, `${method} ${path}`).toBeDefined();
      if (operation?.requestBody)
        expect(operation.requestBody.content['application/json']?.example, path).toBeDefined();
    }
    const legacyPaths = Object.entries(doc.paths).filter(([, methods]) =>
      Object.values(methods).some((op) => op.tags?.includes('legacy')),
    );
    // Beside them only the legacy Auth calls and /api/coupons/ carry the tag.
    expect(
      legacyPaths.map(([path]) => path).filter((path) => !/^\/api\/(Auth|coupons)/.test(path)),
    ).toHaveLength(new Set(LEGACY_CALLS.map(([, path]) => path)).size);
  });

  it('documents the parameters each call takes', async () => {
    const doc = (await call(ctx().app, 'GET', '/api/v1/openapi.json')).json<OpenApi>();
    const params = (method: string, path: string) =>
      (doc.paths[path]?.[method]?.parameters ?? []).map(
        (p) => `${p.in}:${p.name}${p.required ? '!' : ''}`,
      );
    expect(params('get', '/api/Merchant/List')).toEqual(['query:page', 'query:pageSize']);
    expect(params('get', '/api/Merchant/letter/{letter}')).toEqual([
      'query:page',
      'query:pageSize',
      'path:letter!',
    ]);
    expect(params('get', '/api/Payment/Session')).toEqual([
      'query:merchantId!',
      'query:returnUrl!',
    ]);
    expect(params('post', '/api/Payment/SetDefaultMethod')).toEqual([
      'query:merchantId!',
      'query:paymentMethod!',
    ]);
    expect(params('get', '/api/Advertiser/Get')).toEqual(['query:advertiserId']);
    expect(params('get', '/api/Advertiser/GetBySourceId')).toEqual(['query:sourceId!']);
  });

  it('shows them on the docs page, which reads the same document', async () => {
    const { app } = ctx();
    const page = await call(app, 'GET', '/api/v1/docs');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Swagger UI');
    const shown = (await call(app, 'GET', '/api/v1/docs/json')).json<OpenApi>();
    for (const [method, path] of LEGACY_CALLS)
      expect(shown.paths[path]?.[method]?.tags, path).toEqual(['legacy']);
  });
});
