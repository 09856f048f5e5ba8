import { expect, it } from 'vitest';
import {
  COUPON_RULE_CASES,
  LOGIN_RULE_CASES,
  NEW_PASSWORD_RULE_CASES,
  PASSWORD_REMINDER_RULE_CASES,
  REGISTER_RULE_CASES,
  STORE_RULE_CASES,
  type Coupon,
} from '@cc/contract';
import type { LightMyRequestResponse } from 'fastify';
import { call, describeEachDatabase, merchantWithStore, register } from './helpers';

/**
 * The answer as the form reads it: no field errors when accepted, else each field's first
 * message. `laterRefusals` are the statuses of checks past the field rules (a wrong password).
 */
function fieldErrors(response: LightMyRequestResponse, laterRefusals: number[] = []): Record<string, string> {
  if (response.statusCode < 300 || laterRefusals.includes(response.statusCode)) return {};
  expect(response.statusCode).toBe(400);
  const body = response.json<Record<string, string[]>>();
  return Object.fromEntries(Object.entries(body).map(([field, messages]) => [field, messages[0] ?? '']));
}

// The same table the merchant centre's form schemas are tested with (packages/contract/src/rules/cases.ts).
describeEachDatabase('form rules on the server', (ctx) => {
  let serial = 0;

  it.each(STORE_RULE_CASES)('store, create: $rule', async ({ body, errors }) => {
    serial += 1;
    const { token } = await register(ctx().app);
    const create = { ...body, client: 7, slug: `rule-${String(serial)}-voucher-codes`, location: 'uk', primary_category: 1536 };
    const response = await call(ctx().app, 'POST', '/api/v1/stores/', { token, body: create });
    expect(fieldErrors(response)).toEqual(errors);
  });

  it.each(STORE_RULE_CASES)('store, save changes: $rule', async ({ body, errors }) => {
    const { token, store } = await merchantWithStore(ctx().app);
    const url = `/api/v1/stores/${store.slug}?id=${String(store.id)}&client=7`;
    expect(fieldErrors(await call(ctx().app, 'PUT', url, { token, body }))).toEqual(errors);
  });

  it.each(COUPON_RULE_CASES)('coupon: $rule', async ({ body, errors }) => {
    const { token, store } = await merchantWithStore(ctx().app);
    const created = await call(ctx().app, 'POST', '/api/v1/coupons/', { token, body: { ...body, store: store.id } });
    expect(fieldErrors(created)).toEqual(errors);
    if (created.statusCode !== 201) return;
    const coupon = created.json<Coupon>();
    const edited = await call(ctx().app, 'PATCH', `/api/v1/coupons/${String(coupon.id)}`, { token, body: { ...body, store: store.id } });
    expect(fieldErrors(edited)).toEqual({});
  });

  it.each(COUPON_RULE_CASES.filter((entry) => Object.keys(entry.errors).length > 0))(
    'coupon, save changes: $rule',
    async ({ body, errors }) => {
      const { token, store } = await merchantWithStore(ctx().app);
      const created = await call(ctx().app, 'POST', '/api/v1/coupons/', { token, body: { ...COUPON_RULE_CASES[0]?.body, store: store.id } });
      const coupon = created.json<Coupon>();
      const edited = await call(ctx().app, 'PATCH', `/api/v1/coupons/${String(coupon.id)}`, { token, body: { ...body, store: store.id } });
      expect(fieldErrors(edited)).toEqual(errors);
    },
  );

  it.each(REGISTER_RULE_CASES)('register: $rule', async ({ body, errors }) => {
    const response = await call(ctx().app, 'POST', '/api/v1/auth/email-register/', {
      body: { ...body, siteId: 7, type: 2, first_name: 'N/A', last_name: 'N/A' },
    });
    expect(fieldErrors(response)).toEqual(errors);
  });

  it.each(LOGIN_RULE_CASES)('login: $rule', async ({ body, errors }) => {
    const response = await call(ctx().app, 'POST', '/api/v1/auth/email-login/', { body: { ...body, siteId: 8 } });
    expect(fieldErrors(response, [401])).toEqual(errors);
  });

  it.each(PASSWORD_REMINDER_RULE_CASES)('password reminder: $rule', async ({ body, errors }) => {
    const response = await call(ctx().app, 'POST', '/api/v1/auth/password-reset', { body: { ...body, siteId: 2 } });
    expect(fieldErrors(response, [404])).toEqual(errors);
  });

  // A password the rules accept reaches the reset link's check, which this unknown link fails.
  it.each(NEW_PASSWORD_RULE_CASES)('set new password: $rule', async ({ body, errors }) => {
    const response = await call(ctx().app, 'POST', '/api/v1/auth/set-new-password/', { body: { ...body, token: 'unknown-link' } });
    const { token: linkError, ...rest } = fieldErrors(response);
    expect(rest).toEqual(errors);
    if (Object.keys(errors).length === 0) expect(linkError).toBeDefined();
  });
});
