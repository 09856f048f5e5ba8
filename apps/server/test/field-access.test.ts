import { expect, it } from 'vitest';
import type { AuthTokens, Store, User } from '@cc/contract';
import {
  call,
  describeEachDatabase,
  merchantWithStore,
  register,
  storeBody,
  uniqueEmail,
} from './helpers';

/**
 * Field-level access: a body carries only the fields its caller may set (the contract's schema);
 * a field that is staff's or the server's to set is dropped before any handler sees it.
 */
describeEachDatabase('field-level access', (ctx) => {
  it("a merchant cannot approve their own store, nor give it another id, brand or slug, by naming the field, nor reach another merchant's store so", async () => {
    const { app } = ctx();
    // Another merchant with a store, whose id and slug the body names: a body field that took
    // effect would reach that store, not a row that does not exist.
    const other = await merchantWithStore(app);
    const { token } = await register(app);
    const review = { is_approved: true, declined: true, decline_reason: 'Approve me' };
    const created = await call(app, 'POST', '/api/v1/stores/', {
      token,
      body: { ...storeBody(), ...review, id: other.store.id },
    });
    expect(created.statusCode).toBe(201);
    const store = created.json<Store>();
    expect(store).toMatchObject({ is_approved: false, declined: false, decline_reason: '' });
    expect(store.id).not.toBe(other.store.id);

    const updated = await call(app, 'PUT', `/api/v1/stores/${store.slug}?id=${store.id}&client=7`, {
      token,
      body: {
        name: 'Renamed',
        ...review,
        id: other.store.id,
        client: 8,
        slug: other.store.slug,
        url: 'https://elsewhere.example',
      },
    });
    expect(updated.statusCode).toBe(200);
    const read = await call(app, 'GET', `/api/v1/stores/${store.id}/`, { token });
    expect(read.json<Store>()).toEqual({ ...store, name: 'Renamed' });
    const theirs = await call(app, 'GET', `/api/v1/stores/${other.store.id}/`, {
      token: other.token,
    });
    expect(theirs.json<Store>()).toEqual(other.store);
  });

  it('registration cannot make staff or a verified address: those fields are dropped', async () => {
    const { app } = ctx();
    const response = await call(app, 'POST', '/api/v1/auth/email-register/', {
      body: {
        email: uniqueEmail(),
        password: 'shop-secret-123',
        role: 'staff',
        staff_role: 'admin',
        is_staff: true,
        email_verified: true,
      },
    });
    expect(response.statusCode).toBe(201);
    const { token } = response.json<AuthTokens>();
    const me = (await call(app, 'GET', '/api/v1/auth/me/', { token })).json<User>();
    expect(me).toMatchObject({ is_staff: false, email_verified: false });
    expect((await call(app, 'GET', '/api/v1/review/stores/', { token })).statusCode).toBe(403);
    expect((await call(app, 'GET', '/api/v1/staff/', { token })).statusCode).toBe(403);
    expect((await call(app, 'GET', '/api/v1/audit/', { token })).statusCode).toBe(403);
  });
});
