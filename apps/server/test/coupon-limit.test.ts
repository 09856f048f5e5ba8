import { expect, it } from 'vitest';
import { MAX_COUPONS_PER_STORE } from '@cc/config';
import { MESSAGES, type Coupon, type Paginated } from '@cc/contract';
import { call, couponBody, describeEachDatabase, merchantWithStore } from './helpers';

describeEachDatabase('the 10-coupon limit', (ctx) => {
  it('allows at most 10 coupons per store; the 11th answers 400 with the limit message', async () => {
    const { token, store } = await merchantWithStore(ctx().app);
    for (let i = 0; i < MAX_COUPONS_PER_STORE; i += 1) {
      const response = await call(ctx().app, 'POST', '/api/v1/coupons/', {
        token,
        body: couponBody(ctx().clock, { store: store.id }),
      });
      expect(response.statusCode).toBe(201);
    }
    const eleventh = await call(ctx().app, 'POST', '/api/v1/coupons/', {
      token,
      body: couponBody(ctx().clock, { store: store.id }),
    });
    expect(eleventh.statusCode).toBe(400);
    expect(eleventh.json()).toEqual({ non_field_errors: [MESSAGES.couponLimit] });
  });

  it('leaves exactly 10 after 30 concurrent creates', async () => {
    const { token, store } = await merchantWithStore(ctx().app);
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(ctx().app, 'POST', '/api/v1/coupons/', {
          token,
          body: couponBody(ctx().clock, { store: store.id, description: `c${i}` }),
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 400)).toHaveLength(20);
    const page = (
      await call(ctx().app, 'GET', '/api/v1/coupons/?include_scheduled=1', { token })
    ).json<Paginated<Coupon>>();
    expect(page.count).toBe(10);
    expect(new Set(page.results.map((c) => c.sort_number)).size).toBe(10);
  });

  it("counts each store apart: a full store stops no one else, and a coupon for another merchant's store is 404, not counted", async () => {
    const full = await merchantWithStore(ctx().app);
    for (let i = 0; i < MAX_COUPONS_PER_STORE; i += 1) {
      await call(ctx().app, 'POST', '/api/v1/coupons/', {
        token: full.token,
        body: couponBody(ctx().clock, { store: full.store.id }),
      });
    }
    const other = await merchantWithStore(ctx().app);
    const intoTheFullOne = await call(ctx().app, 'POST', '/api/v1/coupons/', {
      token: other.token,
      body: couponBody(ctx().clock, { store: full.store.id }),
    });
    expect(intoTheFullOne.statusCode).toBe(404);
    const own = await call(ctx().app, 'POST', '/api/v1/coupons/', {
      token: other.token,
      body: couponBody(ctx().clock, { store: other.store.id }),
    });
    expect(own.statusCode).toBe(201);
    expect(own.json<Coupon>().store.id).toBe(other.store.id);
    const list = (token: string) =>
      call(ctx().app, 'GET', '/api/v1/coupons/?include_scheduled=1', { token });
    expect((await list(other.token)).json<Paginated<Coupon>>().count).toBe(1);
    expect((await list(full.token)).json<Paginated<Coupon>>().count).toBe(MAX_COUPONS_PER_STORE);
  });
});
