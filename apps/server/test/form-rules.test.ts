import { expect, it } from 'vitest';
import type { Coupon } from '@cc/contract';
import type { LightMyRequestResponse } from 'fastify';
import { call, describeEachDatabase, merchantWithStore, register } from './helpers';

/**
 * The answer as the form reads it: no field errors when accepted, else each field's first
 * message. `laterRefusals` are the statuses of checks past the field rules (a wrong password).
 */
function fieldErrors(
  response: LightMyRequestResponse,
  laterRefusals: number[] = [],
): Record<string, string> {
  if (response.statusCode < 300 || laterRefusals.includes(response.statusCode)) return {};
  expect(response.statusCode).toBe(400);
  const body = response.json<Record<string, string[]>>();
  return Object.fromEntries(
    Object.entries(body).map(([field, messages]) => [field, messages[0] ?? '']),
  );
}

const REQUIRED = 'This field is required.';

const store = {
  name: 'Acme Outdoor',
  website_url: 'https://acme.test',
  affiliate_website_url: '',
  logo_url: '',
  contact_first_name: 'Ada',
  contact_last_name: 'Lovelace',
  contact_email: 'owner@acme.test',
};
const STORE_CASES: [string, Partial<typeof store>, Record<string, string>][] = [
  [
    'a complete store with a bare domain is accepted',
    { website_url: 'www.acme.test', contact_first_name: '' },
    {},
  ],
  ['a blank name is required', { name: '   ' }, { name: REQUIRED }],
  [
    'the email must be valid',
    { contact_email: 'owner@acme' },
    { contact_email: 'Enter a valid email address.' },
  ],
  [
    'the addresses must be http(s)',
    { website_url: 'ftp://acme.test', affiliate_website_url: 'not a url' },
    {
      website_url: 'Enter a valid URL.',
      affiliate_website_url: 'Enter a valid URL.',
    },
  ],
  [
    'the name is at most 200 characters',
    { name: 'N'.repeat(201) },
    { name: 'Ensure this field has no more than 200 characters.' },
  ],
];

const coupon = {
  offer_type: 'sitewide_percent',
  description: '20% off everything',
  savings_amount: null,
  savings_percent: 20,
  savings_minimum_order: 10,
  custom_url: 'https://acme.test/sale',
  destination_coupon_url: 'https://acme.test/sale',
  destination_affiliate_url: 'https://acme.test/sale',
  discount_code: 'SAVE20',
  start_date: '2030-01-01',
  expiration_date: null,
  title: '20% OFF',
  approved: true,
  up_to_savings_percent: 0,
};
const COUPON_CASES: [
  string,
  Partial<Record<keyof typeof coupon, unknown>>,
  Record<string, string>,
][] = [
  [
    'offer type is one of the list',
    { offer_type: 'bogo' },
    { offer_type: 'Select a valid choice.' },
  ],
  ['a blank description is required', { description: '  ' }, { description: REQUIRED }],
  [
    'description is at most 120 characters',
    { description: 'x'.repeat(121) },
    { description: 'Ensure this field has no more than 120 characters.' },
  ],
  [
    'a figure too large to store is refused',
    { savings_percent: 1e10 },
    { savings_percent: 'A valid number is required.' },
  ],
  [
    'a date is a real day',
    { start_date: '2030-02-30' },
    { start_date: 'Enter a valid date in the format YYYY-MM-DD.' },
  ],
];

// The services check each body with the rule definitions the forms are built from
// (@cc/contract rules/definitions.ts); a few cases per form prove each route uses them,
// and the rules only the server can apply (a common password, the credentials, the link).
describeEachDatabase('form rules on the server', (ctx) => {
  let serial = 0;

  it.each(STORE_CASES)('store, create: %s', async (_rule, change, errors) => {
    serial += 1;
    const { token } = await register(ctx().app);
    const body = {
      ...store,
      ...change,
      client: 7,
      slug: `rule-${String(serial)}-voucher-codes`,
      location: 'uk',
      primary_category: 1536,
    };
    expect(fieldErrors(await call(ctx().app, 'POST', '/api/v1/stores/', { token, body }))).toEqual(
      errors,
    );
  });

  it.each(STORE_CASES)('store, save changes: %s', async (_rule, change, errors) => {
    const { token, store: own } = await merchantWithStore(ctx().app);
    const url = `/api/v1/stores/${own.slug}?id=${String(own.id)}&client=7`;
    expect(
      fieldErrors(await call(ctx().app, 'PUT', url, { token, body: { ...store, ...change } })),
    ).toEqual(errors);
  });

  it.each(COUPON_CASES)('coupon, create and save changes: %s', async (_rule, change, errors) => {
    const { token, store: own } = await merchantWithStore(ctx().app);
    const created = await call(ctx().app, 'POST', '/api/v1/coupons/', {
      token,
      body: { ...coupon, store: own.id },
    });
    expect(fieldErrors(created)).toEqual({});
    expect(
      fieldErrors(
        await call(ctx().app, 'POST', '/api/v1/coupons/', {
          token,
          body: { ...coupon, ...change, store: own.id },
        }),
      ),
    ).toEqual(errors);
    const url = `/api/v1/coupons/${String(created.json<Coupon>().id)}`;
    expect(fieldErrors(await call(ctx().app, 'PATCH', url, { token, body: change }))).toEqual(
      errors,
    );
  });

  it.each([
    ['an email and a long enough password are accepted', {}, {}],
    ['email is required', { email: '' }, { email: REQUIRED }],
    ['email must be valid', { email: 'owner@acme' }, { email: 'Enter a valid email address.' }],
    [
      'password is at least 6 characters',
      { password: '12345' },
      { password: 'Password should be at least 6 characters long' },
    ],
    [
      'a common password is refused (the server alone holds the list)',
      { password: 'password1' },
      { password: 'This password is too common.' },
    ],
  ])('register: %s', async (_rule, change, errors) => {
    serial += 1;
    const body = {
      email: `rule-${String(serial)}@acme.test`,
      password: 'shop-secret-123',
      ...change,
      siteId: 7,
      type: 2,
      first_name: 'N/A',
      last_name: 'N/A',
    };
    expect(
      fieldErrors(await call(ctx().app, 'POST', '/api/v1/auth/email-register/', { body })),
    ).toEqual(errors);
  });

  it('login: email and password required; a short password reaches the credentials check (401)', async () => {
    const blank = await call(ctx().app, 'POST', '/api/v1/auth/email-login/', {
      body: { email: '  ', password: '', siteId: 8 },
    });
    expect(fieldErrors(blank)).toEqual({ email: REQUIRED, password: REQUIRED });
    const short = await call(ctx().app, 'POST', '/api/v1/auth/email-login/', {
      body: { email: 'owner@acme.test', password: '123', siteId: 8 },
    });
    expect(short.statusCode).toBe(401);
  });

  it('password reminder: email required; an unknown one is a 404', async () => {
    const blank = await call(ctx().app, 'POST', '/api/v1/auth/password-reset', {
      body: { email: ' ', siteId: 2 },
    });
    expect(fieldErrors(blank)).toEqual({ email: REQUIRED });
    const unknown = await call(ctx().app, 'POST', '/api/v1/auth/password-reset', {
      body: { email: 'nobody@acme.test', siteId: 2 },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('set new password: at least 6 characters; one the rules accept reaches the link check', async () => {
    const short = await call(ctx().app, 'POST', '/api/v1/auth/set-new-password/', {
      body: { password: '12345', token: 'unknown-link' },
    });
    expect(fieldErrors(short)).toEqual({
      password: 'Password should be at least 6 characters long',
    });
    const accepted = await call(ctx().app, 'POST', '/api/v1/auth/set-new-password/', {
      body: { password: 'shop-secret-123', token: 'unknown-link' },
    });
    expect(fieldErrors(accepted)).toEqual({
      token: 'Reset email has expired, please request a new one',
    });
  });

  it("account: a new email must be valid; a new password typed twice alike (Passwords don't match)", async () => {
    const { token } = await register(ctx().app);
    const email = await call(ctx().app, 'POST', '/api/v1/account/email/', {
      token,
      body: { new_email: 'owner@acme', password: '' },
    });
    expect(fieldErrors(email)).toEqual({
      new_email: 'Enter a valid email address.',
      password: REQUIRED,
    });
    const body = {
      current_password: 'shop-secret-123',
      new_password: 'a-new-secret',
      confirm_password: 'a-new-secreT',
    };
    const password = await call(ctx().app, 'POST', '/api/v1/account/password/', { token, body });
    expect(fieldErrors(password)).toEqual({ confirm_password: "Passwords don't match" });
  });
});
