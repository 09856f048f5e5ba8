import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { MESSAGES } from '@cc/contract';
import { call, describeEachDatabase, merchantWithStore, storeBody } from './helpers';

const NULL_ERROR = [MESSAGES.nullCharacter];

describeEachDatabase('malformed input is refused before any query', (ctx) => {
  it('answers a NUL character in a JSON body with a field error, for every auth call', async () => {
    const { app } = ctx();
    const cases: [string, Record<string, unknown>, string][] = [
      ['/api/v1/auth/password-reset/', { email: '\u0000', siteId: 2 }, 'email'],
      ['/api/Auth/resetPassword', { email: 'a\u0000@example.com', siteId: 2 }, 'email'],
      [
        '/api/v1/auth/email-login/',
        { email: 'a@example.com', password: 'x\u0000', siteId: 8 },
        'password',
      ],
      [
        '/api/v1/auth/email-register/',
        { email: 'b\u0000@example.com', password: 'shop-secret-123', siteId: 7 },
        'email',
      ],
      ['/api/v1/auth/verify-email/', { token: '\u0000' }, 'token'],
      [
        '/api/v1/auth/set-new-password/',
        { token: 't\u0000', password: 'shop-secret-123' },
        'token',
      ],
    ];
    for (const [url, body, field] of cases) {
      const response = await call(app, 'POST', url, { body });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ [field]: NULL_ERROR });
    }
  });

  it('answers a NUL character in a store or coupon field with that field error and saves nothing', async () => {
    const { app } = ctx();
    const { token, store } = await merchantWithStore(app);
    const renamed = await call(
      app,
      'PUT',
      `/api/v1/stores/${store.slug}/?id=${store.id}&client=7`,
      {
        token,
        body: { ...storeBody(), name: 'a\u0000b', contact_email: 'x\u0000@example.com' },
      },
    );
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toEqual({ name: NULL_ERROR, contact_email: NULL_ERROR });
    const sorted = await call(app, 'POST', '/api/v1/coupons/sort-coupons/', {
      token,
      body: { items: [{ id: '1\u0000', sort_number: '1' }] },
    });
    expect(sorted.json()).toEqual({ items: NULL_ERROR });
    const mine = await call(app, 'GET', `/api/v1/stores/${store.id}/`, { token });
    expect(mine.json()).toMatchObject({ name: store.name });

    const another = await merchantWithStore(app);
    const created = await call(app, 'POST', '/api/v1/stores/', {
      token: another.token,
      body: { ...storeBody(), name: 'a\u0000b' },
    });
    expect(created.statusCode).toBe(400);
  });

  it('answers a NUL character in a path with 404 and in a query with a field error', async () => {
    const { app } = ctx();
    const { token } = await merchantWithStore(app);
    for (const url of [
      '/stores/a%00b',
      '/checkout/receipts/a%00b',
      '/checkout/sessions/a%00b',
      '/api/v1/stores/1%00/',
      '/review/a%00',
    ]) {
      const response = await call(app, 'GET', url, { token });
      expect(response.statusCode, url).toBe(404);
    }
    const posted = await app.inject({
      method: 'POST',
      url: '/checkout/sessions/a%00b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'card_number=4242',
    });
    expect(posted.statusCode).toBe(404);
    const listed = await call(app, 'GET', '/api/v1/coupons/?store_slug=a%00b&client=7', { token });
    expect(listed.statusCode).toBe(400);
    expect(listed.json()).toEqual({ store_slug: NULL_ERROR });
  });

  it('answers a malformed percent-escape in a path with 400 on the API port and on a brand port', async () => {
    const { app } = ctx();
    for (const url of [
      '/%E0%A4%A',
      '/my-store/%E0%A4%A',
      '/stores/%E0%A4%A',
      '/api/v1/stores/%zz/',
      '/review/%E0%A4%A',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ message: 'Bad Request', detail: MESSAGES.badUrl });
    }
    const server = createServer((req, res) => app.routing(req, res));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const response = await fetch(
        `http://127.0.0.1:${(server.address() as AddressInfo).port}/%E0%A4%A`,
      );
      expect(response.status).toBe(400);
    } finally {
      server.close();
    }
  });
});
