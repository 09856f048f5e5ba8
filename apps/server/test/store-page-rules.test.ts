import { expect, it } from 'vitest';
import type { ReviewStore } from '@cc/contract';
import { call, couponBody, dayOffset, describeEachDatabase, merchantWithStore } from './helpers';
import { liveStore, staffToken, subscribe } from './review-fixtures';

const DAY = 24 * 3600 * 1000;

describeEachDatabase('public store page: live only when approved and paid', (ctx) => {
  const page = (slug: string, query?: Record<string, string>) =>
    call(ctx().app, 'GET', `/stores/${slug}`, query ? { query } : {});

  it('is live (200, the brand theme, name and the store) when approved with an active subscription', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const { store } = await liveStore(app, staff);
    const response = await page(store.slug);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toMatch(/<img src="data:image\/svg\+xml;base64,[^"]+" alt="VoucherNest"/);
    // The brand's theme: its colour for the browser, and its stylesheet.
    expect(response.body).toContain('<meta name="theme-color" content="#5b2a86"/>');
    expect(response.body).toMatch(
      /<link rel="stylesheet" href="\/stores\/_assets\/uk\.[0-9a-f]{12}\.css"\/>/,
    );
    expect(response.body).toContain(`<h1>${store.name} Vouchers</h1>`);
    expect(store.url).toBe(`http://localhost:4007/stores/${store.slug}`);
  });

  it('answers the branded 404 when not approved, declined, unpaid or canceled, and for an unknown slug', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const pending = await merchantWithStore(app);
    await subscribe(app, pending.store.id, 'active');
    const notFound = await page(pending.store.slug);
    expect(notFound.statusCode).toBe(404);
    expect(notFound.body).toContain('Page not found');
    expect(notFound.body).toContain('VoucherNest');

    const declined = await merchantWithStore(app);
    await subscribe(app, declined.store.id, 'active');
    await call(app, 'POST', `/api/v1/review/stores/${declined.store.id}/decline/`, {
      token: staff,
      body: { reason: 'No' },
    });
    expect((await page(declined.store.slug)).statusCode).toBe(404);

    const unpaid = await merchantWithStore(app);
    await call(app, 'POST', `/api/v1/review/stores/${unpaid.store.id}/approve/`, { token: staff });
    expect((await page(unpaid.store.slug)).statusCode).toBe(404);

    const canceled = await merchantWithStore(app);
    await subscribe(app, canceled.store.id, 'canceled');
    await call(app, 'POST', `/api/v1/review/stores/${canceled.store.id}/approve/`, {
      token: staff,
    });
    expect((await page(canceled.store.slug)).statusCode).toBe(404);

    expect((await page('no-such-store')).statusCode).toBe(404);
    const promo = await call(app, 'GET', '/stores/no-such-store', {
      headers: { 'x-site-key': '8' },
    });
    expect(promo.body).toContain('PromoPulse');
  });

  it('stays live while past_due within the grace period (7 days after the unpaid period), then 404', async () => {
    const { app, clock } = ctx();
    const staff = await staffToken(app);
    const { store } = await merchantWithStore(app);
    await subscribe(app, store.id, 'past_due', {
      periodEnd: new Date(clock.now().getTime() - 6 * DAY),
    });
    await call(app, 'POST', `/api/v1/review/stores/${store.id}/approve/`, { token: staff });
    expect((await page(store.slug)).statusCode).toBe(200);
    clock.advance(1 * DAY + 60_000);
    expect((await page(store.slug)).statusCode).toBe(404);
  });

  it('lets staff preview a page that is not live with the link from the queue; a forged link is 404', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const { token, store } = await merchantWithStore(app);
    await call(app, 'POST', '/api/v1/coupons/', {
      token,
      body: couponBody(app.clock, { store: store.id }),
    });
    const entry = (
      await call(app, 'GET', `/api/v1/review/stores/${store.id}/`, { token: staff })
    ).json<ReviewStore>();
    const preview = await call(app, 'GET', entry.preview_url);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['cache-control']).toBe('private, no-store');
    expect(preview.body).toContain('noindex');
    expect(preview.body).toContain('20% off everything');
    const token2 = new URL(entry.preview_url, 'http://x').searchParams.get('preview') ?? '';
    expect((await page(store.slug, { preview: `${token2}x` })).statusCode).toBe(404);
  });

  it("shows only started, unexpired coupons in the merchant's order", async () => {
    const { app, clock } = ctx();
    const staff = await staffToken(app);
    const { token, store, couponIds } = await liveStore(app, staff, [
      { description: 'First coupon' },
      { description: 'Second coupon' },
      { description: 'Scheduled coupon', start_date: dayOffset(clock, 10) },
      {
        description: 'Expired coupon',
        start_date: dayOffset(clock, -51),
        expiration_date: dayOffset(clock, -1),
      },
      { description: 'Open-ended coupon', expiration_date: null },
    ]);
    await call(app, 'POST', '/api/v1/coupons/sort-coupons', {
      token,
      body: {
        items: [couponIds[4], couponIds[1], couponIds[0], couponIds[2], couponIds[3]].map(
          (id, i) => ({ id: String(id), sort_number: String(i + 1) }),
        ),
      },
    });
    const body = (await page(store.slug)).body;
    const order = ['Open-ended coupon', 'Second coupon', 'First coupon'].map((text) =>
      body.indexOf(text),
    );
    expect(order.every((index) => index > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(body).not.toContain('Scheduled coupon');
    expect(body).not.toContain('Expired coupon');
    expect(body).toContain('Show code');
    expect(body).toContain('SAVE20');
    expect(body).toContain(`href="/stores/${store.slug}/go/${couponIds[0]}" target="_blank"`);
  });
});
