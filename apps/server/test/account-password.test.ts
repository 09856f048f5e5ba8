import { expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, MESSAGES, type Account } from '@cc/contract';
import { describeEachDatabase } from './helpers';
import {
  callOn,
  mailsTo,
  meStatus,
  PASSWORD,
  refreshStatus,
  registerOn,
  signIn,
} from './account-fixtures';

describeEachDatabase('account: password change', (ctx) => {
  const change = (token: string, body: unknown) =>
    callOn(ctx().app, 'POST', '/api/v1/account/password/', { token, body });
  const loginStatus = async (email: string, password: string) =>
    (await callOn(ctx().app, 'POST', '/api/v1/auth/email-login/', { body: { email, password } }))
      .statusCode;

  it('shows the account: its address, verification and when it was made', async () => {
    const { app, clock } = ctx();
    const device = await registerOn(app);
    const response = await callOn(app, 'GET', '/api/v1/account/', { token: device.token });
    expect(response.statusCode).toBe(200);
    expect(response.json<Account>()).toEqual({
      email: device.email,
      email_verified: false,
      pending_email: null,
      verification_resend_at: new Date(clock.now().getTime() + 60_000).toISOString(),
      created_at: clock.now().toISOString(),
    });
    expect((await callOn(app, 'GET', '/api/v1/account/')).statusCode).toBe(401);
  });

  it('refuses a wrong current password on current_password and changes nothing', async () => {
    const { app } = ctx();
    const here = await registerOn(app);
    const other = await signIn(app, here.email);
    const response = await change(here.token, {
      current_password: 'not-it',
      new_password: 'a-new-secret',
      confirm_password: 'a-new-secret',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ current_password: [ACCOUNT_MESSAGES.currentPasswordWrong] });
    expect(await loginStatus(here.email, PASSWORD)).toBe(200);
    expect(await loginStatus(here.email, 'a-new-secret')).toBe(401);
    expect(await meStatus(app, other)).toBe(200);
    expect(
      (await mailsTo(app, here.email)).filter((mail) => mail.kind === 'password_changed'),
    ).toEqual([]);
  });

  it("checks the new password with the spec's rules and texts", async () => {
    const { app } = ctx();
    const { token } = await registerOn(app);
    const empty = await change(token, {
      current_password: '',
      new_password: '',
      confirm_password: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      current_password: [MESSAGES.required],
      new_password: [MESSAGES.required],
      confirm_password: [MESSAGES.required],
    });
    const short = await change(token, {
      current_password: PASSWORD,
      new_password: '12345',
      confirm_password: '12345',
    });
    expect(short.json()).toEqual({ new_password: [MESSAGES.passwordTooShort] });
    const mismatch = await change(token, {
      current_password: PASSWORD,
      new_password: 'a-new-secret',
      confirm_password: 'a-new-secreT',
    });
    expect(mismatch.json()).toEqual({ confirm_password: [MESSAGES.passwordsDontMatch] });
    const wrongType = await change(token, {
      current_password: PASSWORD,
      new_password: 123456,
      confirm_password: 'x',
    });
    expect(wrongType.statusCode).toBe(400);
    expect(Object.keys(wrongType.json<object>())).toEqual(['new_password']);
  });

  it('changes the password, keeps this session, ends every other one and mails a notice', async () => {
    const { app } = ctx();
    const here = await registerOn(app);
    const others = [await signIn(app, here.email), await signIn(app, here.email)];
    const response = await change(here.token, {
      current_password: PASSWORD,
      new_password: 'a-new-secret',
      confirm_password: 'a-new-secret',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: ACCOUNT_MESSAGES.passwordUpdated });
    expect(await meStatus(app, here)).toBe(200);
    expect(await refreshStatus(app, here)).toBe(200);
    for (const other of others) {
      expect(await meStatus(app, other)).toBe(401);
      expect(await refreshStatus(app, other)).toBe(401);
    }
    expect(await loginStatus(here.email, 'a-new-secret')).toBe(200);
    expect(await loginStatus(here.email, PASSWORD)).toBe(401);
    const [notice] = (await mailsTo(app, here.email)).filter(
      (mail) => mail.kind === 'password_changed',
    );
    expect(notice?.subject).toMatch(/^Your VoucherNest\S* password was changed$/);
  });

  it('refuses NUL bytes and oversized bodies with 400, changing nothing', async () => {
    const { app } = ctx();
    const here = await registerOn(app);
    const nul = await change(here.token, {
      current_password: PASSWORD,
      new_password: 'new\u0000secret',
      confirm_password: 'new\u0000secret',
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({
      new_password: [MESSAGES.nullCharacter],
      confirm_password: [MESSAGES.nullCharacter],
    });
    const huge = 'x'.repeat(300);
    const long = await change(here.token, {
      current_password: PASSWORD,
      new_password: huge,
      confirm_password: huge,
    });
    expect(long.statusCode).toBe(400);
    expect(await loginStatus(here.email, PASSWORD)).toBe(200);
  });
});
