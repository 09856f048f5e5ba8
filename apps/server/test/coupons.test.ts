import { expect, it } from 'vitest';
import { MESSAGES, type Coupon, type Paginated } from '@cc/contract';
import {
  call,
  couponBody,
  dayOffset,
  describeEachDatabase,
  merchantWithStore,
  register,
} from './helpers';

describeEachDatabase('coupons', (ctx) => {
  const create = (token: string, body: object) =>
    call(ctx().app, 'POST', '/api/v1/coupons/', { token, body });
  const list = (token: string, url: string) => call(ctx().app, 'GET', url, { token });
  const body = (fields: { store: unknown } & Record<string, unknown>) =>
    couponBody(ctx().clock, fields);

  it('creates a coupon with decimals as strings and dates as yyyy-MM-dd', async () => {
    const { token, store } = await merchantWithStore(ctx().app);
    const response = await create(token, body({ store: store.id }));
    expect(response.statusCode).toBe(201);
    expect(response.json<Coupon>()).toMatchObject({
      offer_type: 'sitewide_percent',
      store: { id: store.id, slug: store.slug, name: store.name },
      description: '20% off everything',
      title: '20% OFF',
      discount_code: 'SAVE20',
      destination_coupon_url: 'https://example.com/sale',
      savings_percent: '20.00',
      savings_amount: null,
      savings_minimum_order: '10.00',
      up_to_savings_percent: '0.00',
      start_date: dayOffset(ctx().clock, 0),
      expiration_date: dayOffset(ctx().clock, 30),
      approved: true,
      sort_number: 1,
    });
  });

  it('sends a null expiry for "No Expiration Date"', async () => {
    const { token, store } = await merchantWithStore(ctx().app);
    const coupon = (
      await create(token, body({ store: store.id, expiration_date: null, start_date: '' }))
    ).json<Coupon>();
    expect([coupon.expiration_date, coupon.start_date]).toEqual([null, null]);
  });

  it('validates offer type, description (required, at most 120), numbers and dates', async () => {
    const { token, store } = await merchantWithStore(ctx().app);
    const missing = await create(token, { store: store.id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      offer_type: [MESSAGES.required],
      description: [MESSAGES.required],
    });
    const bad = await create(
      token,
      body({
        store: store.id,
        offer_type: 'bogus',
        description: 'x'.repeat(121),
        savings_percent: 'twenty',
        start_date: '21/11/2026',
        expiration_date: '2026-02-30',
      }),
    );
    expect(bad.json()).toEqual({
      offer_type: [MESSAGES.invalidChoice],
      description: [MESSAGES.descriptionTooLong],
      savings_percent: [MESSAGES.invalidNumber],
      start_date: [MESSAGES.invalidDate],
      expiration_date: [MESSAGES.invalidDate],
    });
    const exact = await create(token, body({ store: store.id, description: 'y'.repeat(120) }));
    expect(exact.statusCode).toBe(201);
    const noStore = await create(token, body({ store: 'abc' }));
    expect(noStore.json()).toEqual({ store: ['A valid integer is required.'] });
  });

  it('lists the own coupons by sort_number in a DRF page, on every path variant of the spec', async () => {
    const { token, store } = await merchantWithStore(ctx().app);
    for (const description of ['first', 'second', 'third'])
      await create(token, body({ store: store.id, description }));
    for (const url of [
      `/api/v1/coupons?store_slug=${store.slug}&client=7&include_scheduled=1`,
      `/api/v1/coupons/?store_slug=${store.slug}&client=7&include_scheduled=1`,
      `/api/coupons/?store_slug=${store.slug}&include_scheduled=1`,
    ]) {
      const response = await list(token, url);
      expect(response.statusCode).toBe(200);
      const page = response.json<Paginated<Coupon>>();
      expect(page.count).toBe(3);
      expect([page.next, page.previous]).toEqual([null, null]);
      expect(page.results.map((c) => c.description)).toEqual(['first', 'second', 'third']);
    }
    const paged = (await list(token, '/api/v1/coupons/?page_size=2')).json<Paginated<Coupon>>();
    expect(paged.results).toHaveLength(2);
    expect(paged.next).toContain('page=2');
  });

  it('includes scheduled coupons only when include_scheduled=1', async () => {
    const { token, store } = await merchantWithStore(ctx().app);
    await create(
      token,
      body({ store: store.id, description: 'now', start_date: dayOffset(ctx().clock, 0) }),
    );
    await create(
      token,
      body({ store: store.id, description: 'later', start_date: dayOffset(ctx().clock, 41) }),
    );
    const withScheduled = (await list(token, '/api/v1/coupons/?include_scheduled=1')).json<
      Paginated<Coupon>
    >();
    expect(withScheduled.results.map((c) => c.description)).toEqual(['now', 'later']);
    const without = (await list(token, '/api/v1/coupons/')).json<Paginated<Coupon>>();
    expect(without.results.map((c) => c.description)).toEqual(['now']);
    const bad = await list(token, '/api/v1/coupons/?include_scheduled=maybe');
    expect(bad.json()).toEqual({ include_scheduled: [MESSAGES.invalidChoice] });
  });

  it('finds one coupon with id_search_text, and reads it by id', async () => {
    const { token, store } = await merchantWithStore(ctx().app);
    await create(token, body({ store: store.id, description: 'a' }));
    const b = (await create(token, body({ store: store.id, description: 'b' }))).json<Coupon>();
    const found = (await list(token, `/api/v1/coupons/?id_search_text=${b.id}&client=7`)).json<
      Paginated<Coupon>
    >();
    expect(found.results.map((c) => c.id)).toEqual([b.id]);
    expect(
      (await list(token, '/api/v1/coupons/?id_search_text=abc')).json<Paginated<Coupon>>().count,
    ).toBe(0);
    expect((await list(token, `/api/v1/coupons/${b.id}/`)).json<Coupon>().description).toBe('b');
  });

  it('updates with PATCH, validating only the fields sent', async () => {
    const { token, store } = await merchantWithStore(ctx().app);
    const coupon = (await create(token, body({ store: store.id }))).json<Coupon>();
    const patched = await call(ctx().app, 'PATCH', `/api/v1/coupons/${coupon.id}`, {
      token,
      body: {
        description: 'Free delivery',
        offer_type: 'free_shipping',
        savings_percent: null,
        minimum_order_amount: '25.5',
      },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json<Coupon>()).toMatchObject({
      description: 'Free delivery',
      offer_type: 'free_shipping',
      savings_percent: null,
      minimum_order_amount: '25.50',
      discount_code: 'SAVE20',
    });
    const invalid = await call(ctx().app, 'PATCH', `/api/v1/coupons/${coupon.id}/`, {
      token,
      body: { description: '' },
    });
    expect(invalid.json()).toEqual({ description: [MESSAGES.required] });
  });

  it('deletes a coupon with DELETE', async () => {
    const { token, store } = await merchantWithStore(ctx().app);
    const coupon = (await create(token, body({ store: store.id }))).json<Coupon>();
    expect(
      (await call(ctx().app, 'DELETE', `/api/v1/coupons/${coupon.id}/`, { token })).statusCode,
    ).toBe(204);
    expect((await list(token, `/api/v1/coupons/${coupon.id}/`)).statusCode).toBe(404);
    expect(
      (await call(ctx().app, 'DELETE', `/api/v1/coupons/${coupon.id}/`, { token })).statusCode,
    ).toBe(404);
  });

  it('reorders with sort-coupons {items: [{id, sort_number}]} strings and answers {success: true}', async () => {
    const { token, store } = await merchantWithStore(ctx().app);
    const ids: number[] = [];
    for (const d of ['a', 'b', 'c'])
      ids.push((await create(token, body({ store: store.id, description: d }))).json<Coupon>().id);
    const items = [ids[2], ids[0], ids[1]].map((id, index) => ({
      id: String(id),
      sort_number: String(index + 1),
    }));
    const sorted = await call(ctx().app, 'POST', '/api/v1/coupons/sort-coupons', {
      token,
      body: { items },
    });
    expect(sorted.statusCode).toBe(200);
    expect(sorted.json()).toEqual({ success: true });
    const page = (await list(token, '/api/v1/coupons/?include_scheduled=1')).json<
      Paginated<Coupon>
    >();
    expect(page.results.map((c) => c.description)).toEqual(['c', 'a', 'b']);
    const invalid = await call(ctx().app, 'POST', '/api/v1/coupons/sort-coupons/', {
      token,
      body: { items: [{ id: 'x', sort_number: 1 }] },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({
      items: ['A valid integer is required.', 'Not a valid string.'],
    });
  });

  it("answers 404 on another merchant's store and coupons, for every call", async () => {
    const owner = await merchantWithStore(ctx().app);
    const coupon = (await create(owner.token, body({ store: owner.store.id }))).json<Coupon>();
    const other = await merchantWithStore(ctx().app);
    const t = other.token;
    expect((await create(t, body({ store: owner.store.id }))).statusCode).toBe(404);
    expect((await list(t, `/api/v1/coupons/${coupon.id}/`)).statusCode).toBe(404);
    expect((await list(t, `/api/v1/coupons/?store_slug=${owner.store.slug}`)).statusCode).toBe(404);
    expect(
      (await list(t, `/api/v1/coupons/?id_search_text=${coupon.id}`)).json<Paginated<Coupon>>()
        .count,
    ).toBe(0);
    const patch = await call(ctx().app, 'PATCH', `/api/v1/coupons/${coupon.id}/`, {
      token: t,
      body: { description: 'x' },
    });
    expect(patch.statusCode).toBe(404);
    expect(
      (await call(ctx().app, 'DELETE', `/api/v1/coupons/${coupon.id}/`, { token: t })).statusCode,
    ).toBe(404);
    const sort = await call(ctx().app, 'POST', '/api/v1/coupons/sort-coupons/', {
      token: t,
      body: { items: [{ id: String(coupon.id), sort_number: '1' }] },
    });
    expect(sort.statusCode).toBe(404);
    const moved = await call(ctx().app, 'PATCH', `/api/v1/coupons/${coupon.id}/`, {
      token: owner.token,
      body: { store: other.store.id },
    });
    expect(moved.statusCode).toBe(404);
    expect(
      (await list(owner.token, `/api/v1/coupons/${coupon.id}/`)).json<Coupon>().description,
    ).toBe(coupon.description);
  });

  it("reorders nothing when the list names one of another merchant's coupons beside the caller's own, and 404s a caller with no store", async () => {
    const owner = await merchantWithStore(ctx().app);
    const theirs = (await create(owner.token, body({ store: owner.store.id }))).json<Coupon>();
    const other = await merchantWithStore(ctx().app);
    const mine = (await create(other.token, body({ store: other.store.id }))).json<Coupon>();
    const items = [
      { id: String(mine.id), sort_number: '7' },
      { id: String(theirs.id), sort_number: '9' },
    ];
    const sort = (token: string) =>
      call(ctx().app, 'POST', '/api/v1/coupons/sort-coupons/', { token, body: { items } });
    expect((await sort(other.token)).statusCode).toBe(404);
    expect(
      (await list(owner.token, `/api/v1/coupons/${theirs.id}/`)).json<Coupon>().sort_number,
    ).toBe(theirs.sort_number);
    expect(
      (await list(other.token, `/api/v1/coupons/${mine.id}/`)).json<Coupon>().sort_number,
    ).toBe(mine.sort_number);
    const { token: storeless } = await register(ctx().app);
    expect((await sort(storeless)).statusCode).toBe(404);
    // The caller's own store named in an update is no move: the update is saved.
    const kept = await call(ctx().app, 'PATCH', `/api/v1/coupons/${mine.id}/`, {
      token: other.token,
      body: { store: other.store.id, description: 'Kept here' },
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json<Coupon>()).toMatchObject({
      description: 'Kept here',
      store: { id: other.store.id },
    });
  });

  it('answers 401 to coupon calls without a token', async () => {
    expect((await call(ctx().app, 'GET', '/api/v1/coupons/')).statusCode).toBe(401);
    expect((await call(ctx().app, 'GET', '/api/coupons/')).statusCode).toBe(401);
    expect((await call(ctx().app, 'POST', '/api/v1/coupons/', { body: {} })).statusCode).toBe(401);
  });
});
