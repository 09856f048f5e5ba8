import { expect, it } from 'vitest';
import {
  DELETE_CONFIRMATION_WORD,
  type AccountActivityEntry,
  type CardUpdateResponse,
  type User,
} from '@cc/contract';
import { call, describeEachDatabase, merchantWithStore } from './helpers';
import { auditPage, from, latest } from './audit-fixtures';
import { GOOD_CARD, merchant, pathOf, subscribe } from './fakes/checkout-browser';
import { staffToken } from './review-fixtures';

const OFFICE = '192.0.2.44';
const SHOP = '203.0.113.80';

describeEachDatabase('audit trail: review, card, data export and deletion', (ctx) => {
  const me = async (token: string) =>
    (await call(ctx().app, 'GET', '/api/v1/auth/me/', { token })).json<User>();

  it('records approve, decline with its reason and the resubmission, each with its actor, store and address', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const staffUser = await me(staff);
    const { token, store } = await merchantWithStore(app);
    const owner = await me(token);

    const declined = await from(app, OFFICE, {
      method: 'POST',
      url: `/api/v1/review/stores/${store.id}/decline/`,
      token: staff,
      body: { reason: 'No logo yet' },
    });
    expect(declined.statusCode).toBe(200);
    expect(await latest(app, staff, 'review.declined', `store:${store.id}`)).toMatchObject({
      actor_user_id: staffUser.id,
      actor_role: 'staff',
      actor_email: staffUser.email,
      ip: OFFICE,
      client: 7,
      details: { reason: 'No logo yet', store_name: store.name },
    });

    const edited = await from(app, SHOP, {
      method: 'PUT',
      url: `/api/v1/stores/${store.slug}/`,
      token,
      body: { name: 'Renamed shop' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await latest(app, staff, 'review.resubmitted', `store:${store.id}`)).toMatchObject({
      actor_user_id: owner.id,
      actor_role: 'merchant',
      actor_email: owner.email,
      ip: SHOP,
    });

    const approved = await from(app, OFFICE, {
      method: 'POST',
      url: `/api/v1/review/stores/${store.id}/approve/`,
      token: staff,
    });
    expect(approved.statusCode).toBe(200);
    expect(await latest(app, staff, 'review.approved', `store:${store.id}`)).toMatchObject({
      actor_user_id: staffUser.id,
      actor_role: 'staff',
      ip: OFFICE,
      client: 7,
      details: { store_name: 'Renamed shop' },
    });
    // The owner sees what happened to their store; a staff member's address is not theirs to see.
    const activity = (await call(app, 'GET', '/api/v1/account/activity/', { token })).json<
      AccountActivityEntry[]
    >();
    expect(activity.slice(0, 3).map((entry) => [entry.action, entry.ip])).toEqual([
      ['review.approved', ''],
      ['review.resubmitted', SHOP],
      ['review.declined', ''],
    ]);
    const forStore = await auditPage(app, staff, { target: `store:${store.id}` });
    expect(forStore.results.map((entry) => entry.action)).toEqual([
      'review.approved',
      'review.resubmitted',
      'review.declined',
    ]);

    // A decline of a store that does not exist changes nothing and records nothing.
    const missing = await call(app, 'POST', '/api/v1/review/stores/2147483000/decline/', {
      token: staff,
      body: { reason: 'x' },
    });
    expect(missing.statusCode).toBe(404);
    expect((await auditPage(app, staff, { target: 'store:2147483000' })).results).toEqual([]);
  });

  it("records a card update with the owner, the store and the new card's last four digits", async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const m = await merchant(app);
    await subscribe(app, await m.token());
    const owner = await me(await m.token());
    const link = await call(app, 'POST', '/api/v1/billing/card-update/', {
      token: await m.token(),
    });
    const url = pathOf(link.json<CardUpdateResponse>().url);
    const saved = await app.inject({
      method: 'POST',
      url,
      remoteAddress: SHOP,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...GOOD_CARD, card_number: '5555 5555 5555 4444' }).toString(),
    });
    expect(saved.statusCode).toBe(303);
    const entry = await latest(app, staff, 'billing.card_updated', `store:${m.store.id}`);
    expect(entry).toMatchObject({
      actor_user_id: owner.id,
      actor_email: m.email,
      ip: SHOP,
      client: 7,
      details: { brand: 'mastercard', last4: '4444', charged: false },
    });
    expect(JSON.stringify(entry)).not.toContain('5555 5555');
  });

  it('records the data download and the deletion; the deleted account keeps its entries', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const { token } = await merchantWithStore(app);
    const owner = await me(token);
    const exported = await from(app, SHOP, {
      method: 'GET',
      url: '/api/v1/account/export/',
      token,
    });
    expect(exported.statusCode).toBe(200);
    expect(await latest(app, staff, 'account.data_exported', `user:${owner.id}`)).toMatchObject({
      actor_user_id: owner.id,
      actor_email: owner.email,
      ip: SHOP,
    });

    const refused = await from(app, SHOP, {
      method: 'POST',
      url: '/api/v1/account/delete/',
      token,
      body: { password: 'wrong', confirmation: DELETE_CONFIRMATION_WORD },
    });
    expect(refused.statusCode).toBe(400);
    expect(await latest(app, staff, 'account.deleted', `user:${owner.id}`)).toBeUndefined();
    const deleted = await from(app, SHOP, {
      method: 'POST',
      url: '/api/v1/account/delete/',
      token,
      body: { password: 'shop-secret-123', confirmation: DELETE_CONFIRMATION_WORD },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const history = await auditPage(app, staff, { actor: String(owner.id) });
    expect(history.results.map((entry) => entry.action)).toEqual([
      'account.deleted',
      'account.data_exported',
    ]);
    expect(history.results[0]).toMatchObject({
      actor_email: owner.email,
      target_id: String(owner.id),
      ip: SHOP,
    });
    // The address as it was: found by it though the account is gone.
    expect((await auditPage(app, staff, { actor: owner.email })).results).toHaveLength(2);
  });
});
