import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** An answer as the test reads it: status, JSON or text body, headers. */
export type Answer = { status: number; body: unknown; text: string; headers: Headers };

/** JSON over HTTP to one base address (the proxy, or one instance), with a bearer token when given. */
export async function call(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; form?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // an HTML page or an empty answer
  }
  return { status: response.status, body: parsed, text, headers: response.headers };
}

export function expectStatus(answer: Answer, status: number, what: string): void {
  if (answer.status !== status)
    throw new Error(
      `${what}: expected ${status}, got ${answer.status} ${answer.text.slice(0, 300)}`,
    );
}

/** yyyy-MM-dd, `days` from today (UTC). */
export function day(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export function uniqueEmail(label: string): string {
  return `${label}-${randomBytes(4).toString('hex')}@cluster.test`;
}

export function storeBody(name: string) {
  return {
    name,
    contact_first_name: 'Ada',
    contact_last_name: 'Lovelace',
    contact_email: 'ada@example.com',
    logo_url: '',
    website_url: 'example.com',
    affiliate_website_url: '',
    client: 7,
    slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-voucher-codes`,
    location: 'uk',
    primary_category: 1536,
  };
}

export function couponBody(storeId: number, description: string) {
  return {
    offer_type: 'sitewide_percent',
    approved: true,
    custom_url: '',
    description,
    destination_affiliate_url: '',
    destination_coupon_url: 'https://example.com/sale',
    discount_code: 'SAVE20',
    expiration_date: day(30),
    savings_amount: null,
    savings_minimum_order: '10',
    savings_percent: 20,
    start_date: day(0),
    store: storeId,
    title: '20% OFF',
    up_to_savings_percent: 0,
  };
}

/** Registers, signs in again and answers the access token (the refresh cookie is not needed here). */
export async function register(
  base: string,
  email: string,
  password = 'shop-secret-123',
): Promise<string> {
  const registered = await call(base, 'POST', '/api/v1/auth/email-register/', {
    body: { email, password, siteId: 7, type: 2, first_name: 'N/A', last_name: 'N/A' },
  });
  expectStatus(registered, 201, `register ${email}`);
  return (registered.body as { token: string }).token;
}

export async function logIn(
  base: string,
  email: string,
  password = 'shop-secret-123',
): Promise<string> {
  const login = await call(base, 'POST', '/api/v1/auth/email-login/', {
    body: { email, password, siteId: 8 },
  });
  expectStatus(login, 200, `login ${email}`);
  return (login.body as { token: string }).token;
}

/**
 * A new staff member's first sign-in, as the console makes it: the password, then (two-step
 * sign-in is mandatory for staff) the enrolment of an authenticator app, confirmed with the
 * app's current code (RFC 6238: SHA-1, 6 digits, 30 s, every app's default).
 */
export async function staffLogIn(
  base: string,
  email: string,
  password = 'shop-secret-123',
): Promise<string> {
  const login = await call(base, 'POST', '/api/v1/auth/email-login/', {
    body: { email, password, siteId: 7, accepts_second_factor: true },
  });
  expectStatus(login, 200, `staff login ${email}`);
  const { challenge, setup } = login.body as { challenge: string; setup?: { secret: string } };
  if (!setup)
    throw new Error(`staff login ${email}: no authenticator app to enrol in ${login.text}`);
  const code = new TOTP({ secret: Secret.fromBase32(setup.secret) }).generate();
  const enrolled = await call(base, 'POST', '/api/v1/auth/second-factor/', {
    body: { challenge, code },
  });
  expectStatus(enrolled, 200, `staff second step ${email}`);
  return (enrolled.body as { token: string }).token;
}

/** A store of its own for `token`; answers its id and slug. */
export async function createStore(
  base: string,
  token: string,
): Promise<{ id: number; slug: string }> {
  const created = await call(base, 'POST', '/api/v1/stores/', {
    token,
    body: storeBody(`Cluster ${randomBytes(4).toString('hex')}`),
  });
  expectStatus(created, 201, 'create store');
  return created.body as { id: number; slug: string };
}

/** Plan, payment link, local checkout with the test card, receipt: the store's subscription is active. */
export async function subscribe(base: string, token: string): Promise<void> {
  const plans = await call(base, 'GET', '/api/v1/coupon-center-plans/?client=7', { token });
  expectStatus(plans, 200, 'plans');
  const [plan] = plans.body as { payment_link: { url: string } }[];
  if (!plan) throw new Error('no plan');
  const link = new URL(plan.payment_link.url);
  const opened = await call(base, 'GET', link.pathname + link.search);
  expectStatus(opened, 303, 'open the payment link');
  const session = opened.headers.get('location') ?? '';
  const paid = await call(base, 'POST', session, {
    form: {
      card_number: '4242 4242 4242 4242',
      expiry: `12/${String(new Date().getUTCFullYear() + 3).slice(2)}`,
      cvc: '123',
      name: 'Ada Lovelace',
    },
  });
  expectStatus(paid, 303, 'pay');
  const receipt = await call(base, 'GET', paid.headers.get('location') ?? '');
  expectStatus(receipt, 200, 'receipt');
}
