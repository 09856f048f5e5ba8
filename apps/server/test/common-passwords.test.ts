import { expect, it } from 'vitest';
import { MESSAGES } from '@cc/contract';
import { commonPasswordCount, isCommonPassword } from '../src/auth/common-passwords';
import { call, describeEachDatabase, uniqueEmail } from './helpers';
import { callOn, mailsTo, PASSWORD, registerOn, tokenOf } from './account-fixtures';

/** Passwords the demo seed and the browser journeys sign in with. */
const SEED_AND_JOURNEY_PASSWORDS = [
  'demo1234',
  'staff1234',
  'new-secret-1',
  'first-pass',
  'second-pass',
  'right-password',
];

it('holds the common-passwords list once, compared whatever the case', () => {
  expect(commonPasswordCount()).toBeGreaterThan(40_000);
  expect(isCommonPassword('password123')).toBe(true);
  expect(isCommonPassword('PassWord123')).toBe(true);
  expect(isCommonPassword('qwertyuiop')).toBe(true);
  expect(isCommonPassword('harbour-homeware-2031')).toBe(false);
  for (const password of SEED_AND_JOURNEY_PASSWORDS)
    expect(isCommonPassword(password), password).toBe(false);
});

describeEachDatabase('auth: common passwords', (ctx) => {
  const loginStatus = async (email: string, password: string) =>
    (await call(ctx().app, 'POST', '/api/v1/auth/email-login/', { body: { email, password } }))
      .statusCode;

  it('refuses to register with a common password, on the password field, and makes no account', async () => {
    const email = uniqueEmail();
    const body = {
      email,
      password: 'Password123',
      siteId: 7,
      type: 2,
      first_name: 'N/A',
      last_name: 'N/A',
    };
    const response = await call(ctx().app, 'POST', '/api/v1/auth/email-register/', { body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ password: [MESSAGES.passwordTooCommon] });
    expect(await loginStatus(email, 'Password123')).toBe(401);
    expect(await mailsTo(ctx().app, email)).toEqual([]);
  });

  it('keeps the minimum length text for a short password, common or not', async () => {
    const response = await call(ctx().app, 'POST', '/api/v1/auth/email-register/', {
      body: { email: uniqueEmail(), password: '12345', siteId: 7 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ password: [MESSAGES.passwordTooShort] });
  });

  it('refuses a common password as the new one after a reset and keeps the link usable', async () => {
    const { app } = ctx();
    const { email } = await registerOn(app);
    await call(app, 'POST', '/api/v1/auth/password-reset/', { body: { email } });
    const token = tokenOf(
      (await mailsTo(app, email)).find((mail) => mail.kind === 'password_reset'),
    );
    const common = await call(app, 'POST', '/api/v1/auth/set-new-password/', {
      body: { token, password: 'iloveyou1' },
    });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({ password: [MESSAGES.passwordTooCommon] });
    expect(await loginStatus(email, PASSWORD)).toBe(200);
    expect(await loginStatus(email, 'iloveyou1')).toBe(401);
    const fine = await call(app, 'POST', '/api/v1/auth/set-new-password/', {
      body: { token, password: 'harbour-lights-9' },
    });
    expect(fine.statusCode).toBe(200);
    expect(await loginStatus(email, 'harbour-lights-9')).toBe(200);
  });

  it('refuses a common password as the new one on /account, on new_password, and keeps the old one', async () => {
    const { app } = ctx();
    const here = await registerOn(app);
    const response = await callOn(app, 'POST', '/api/v1/account/password/', {
      token: here.token,
      body: {
        current_password: PASSWORD,
        new_password: 'SUNSHINE1',
        confirm_password: 'SUNSHINE1',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ new_password: [MESSAGES.passwordTooCommon] });
    expect(await loginStatus(here.email, PASSWORD)).toBe(200);
    expect(await loginStatus(here.email, 'SUNSHINE1')).toBe(401);
    expect(
      (await mailsTo(app, here.email)).filter((mail) => mail.kind === 'password_changed'),
    ).toEqual([]);
  });
});
