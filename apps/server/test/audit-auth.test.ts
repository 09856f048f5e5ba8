import { expect, it } from 'vitest';
import type { AccountActivityEntry, User } from '@cc/contract';
import { call, describeEachDatabase, uniqueEmail } from './helpers';
import { CHROME_MAC, mailsTo, PASSWORD, registerOn, tokenOf } from './account-fixtures';
import { auditPage, from, latest } from './audit-fixtures';
import { staffToken } from './review-fixtures';

const HOME = '203.0.113.7';
const CAFE = '198.51.100.23';

describeEachDatabase('audit trail: sign-ins, password and email changes', (ctx) => {
  const userId = async (token: string) =>
    (await call(ctx().app, 'GET', '/api/v1/auth/me/', { token })).json<User>().id;
  const activity = async (token: string) => {
    const response = await call(ctx().app, 'GET', '/api/v1/account/activity/', { token });
    expect(response.statusCode).toBe(200);
    return response.json<AccountActivityEntry[]>();
  };

  it("records a sign-in with who, when, the address and the device, and shows it in the merchant's activity", async () => {
    const { app, clock } = ctx();
    const staff = await staffToken(app);
    const { email } = await registerOn(app);
    const login = await from(app, HOME, {
      method: 'POST',
      url: '/api/v1/auth/email-login/',
      userAgent: CHROME_MAC,
      body: { email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const token = login.json<{ token: string }>().token;
    const id = await userId(token);
    const entry = await latest(app, staff, 'auth.sign_in', `user:${id}`);
    expect(entry).toEqual({
      id: expect.any(Number) as number,
      at: clock.now().toISOString(),
      actor_user_id: id,
      actor_role: 'merchant',
      actor_email: email,
      action: 'auth.sign_in',
      target_type: 'user',
      target_id: String(id),
      client: 7,
      ip: HOME,
      details: {
        browser: expect.stringMatching(/^Chrome/) as string,
        os: expect.stringMatching(/^macOS/) as string,
      },
    });
    const [newest] = await activity(token);
    expect(newest).toMatchObject({
      action: 'auth.sign_in',
      ip: HOME,
      at: clock.now().toISOString(),
    });
    expect(newest?.device).toMatch(/^Chrome \d+ on macOS/);
  });

  it('records a failed sign-in: of a known account with its user, of an unknown address with none; never the password', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const { email, token } = await registerOn(app);
    const id = await userId(token);
    const wrong = await from(app, CAFE, {
      method: 'POST',
      url: '/api/v1/auth/email-login/',
      body: { email: email.toUpperCase(), password: 'guess-one-x' },
    });
    expect(wrong.statusCode).toBe(401);
    const known = await latest(app, staff, 'auth.sign_in_failed', `user:${id}`);
    expect(known).toMatchObject({ actor_user_id: id, actor_email: email, ip: CAFE, client: 7 });

    const stranger = uniqueEmail('stranger');
    const unknown = await from(app, CAFE, {
      method: 'POST',
      url: '/api/v1/auth/email-login/',
      body: { email: ` ${stranger} `, password: 'guess-two-y' },
    });
    expect(unknown.statusCode).toBe(401);
    const [entry] = (
      await auditPage(app, staff, { actor: stranger, action: 'auth.sign_in_failed' })
    ).results;
    expect(entry).toMatchObject({
      actor_user_id: null,
      actor_role: 'merchant',
      actor_email: stranger,
      target_type: 'user',
      target_id: '',
      ip: CAFE,
    });
    const everything = JSON.stringify((await auditPage(app, staff, { limit: '100' })).results);
    expect(everything).not.toContain('guess-one-x');
    expect(everything).not.toContain('guess-two-y');
    expect(everything).not.toContain(PASSWORD);
  });

  it('records a password change (a refused one records nothing) and a reset by link', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const { email, token } = await registerOn(app);
    const id = await userId(token);
    const refused = await from(app, HOME, {
      method: 'POST',
      url: '/api/v1/account/password/',
      token,
      body: {
        current_password: 'nope',
        new_password: 'a-new-secret-9',
        confirm_password: 'a-new-secret-9',
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(await latest(app, staff, 'auth.password_changed', `user:${id}`)).toBeUndefined();

    const changed = await from(app, HOME, {
      method: 'POST',
      url: '/api/v1/account/password/',
      token,
      body: {
        current_password: PASSWORD,
        new_password: 'a-new-secret-9',
        confirm_password: 'a-new-secret-9',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(await latest(app, staff, 'auth.password_changed', `user:${id}`)).toMatchObject({
      actor_user_id: id,
      actor_email: email,
      ip: HOME,
      details: {},
    });

    await call(app, 'POST', '/api/v1/auth/password-reset/', { body: { email } });
    const reset = tokenOf(
      (await mailsTo(app, email)).find((mail) => mail.kind === 'password_reset'),
    );
    const set = await from(app, CAFE, {
      method: 'POST',
      url: '/api/v1/auth/set-new-password/',
      body: { token: reset, password: 'another-secret-7' },
    });
    expect(set.statusCode).toBe(200);
    const byReset = await latest(app, staff, 'auth.password_changed', `user:${id}`);
    expect(byReset).toMatchObject({
      actor_user_id: id,
      actor_email: email,
      ip: CAFE,
      details: { by: 'reset_link' },
    });
    expect(JSON.stringify(byReset)).not.toContain(reset);
  });

  it('records an email change (from the old address, to the new) and its revert; the merchant sees both', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const { email, token } = await registerOn(app);
    const id = await userId(token);
    const next = uniqueEmail('next');
    expect(
      (
        await call(app, 'POST', '/api/v1/account/email/', {
          token,
          body: { new_email: next, password: PASSWORD },
        })
      ).statusCode,
    ).toBe(202);
    const change = tokenOf((await mailsTo(app, next)).find((mail) => mail.kind === 'change_email'));
    expect(
      (
        await from(app, HOME, {
          method: 'POST',
          url: '/api/v1/account/email/confirm/',
          body: { token: change },
        })
      ).statusCode,
    ).toBe(200);
    expect(await latest(app, staff, 'auth.email_changed', `user:${id}`)).toMatchObject({
      actor_user_id: id,
      actor_email: email,
      ip: HOME,
      details: { from: email, to: next },
    });
    const revert = tokenOf(
      (await mailsTo(app, email)).find((mail) => mail.kind === 'email_changed'),
    );
    expect(
      (
        await from(app, CAFE, {
          method: 'POST',
          url: '/api/v1/account/email/revert/',
          body: { token: revert },
        })
      ).statusCode,
    ).toBe(200);
    expect(await latest(app, staff, 'auth.email_change_reverted', `user:${id}`)).toMatchObject({
      actor_user_id: id,
      actor_email: next,
      ip: CAFE,
      details: { from: next, to: email },
    });
    // The revert ended every session: sign in again to read the activity.
    const again = await from(app, HOME, {
      method: 'POST',
      url: '/api/v1/auth/email-login/',
      body: { email, password: PASSWORD },
    });
    const actions = (await activity(again.json<{ token: string }>().token)).map(
      (entry) => entry.action,
    );
    expect(actions.slice(0, 3)).toEqual([
      'auth.sign_in',
      'auth.email_change_reverted',
      'auth.email_changed',
    ]);
  });

  it("shows a merchant only their own account's activity, newest first", async () => {
    const { app } = ctx();
    const one = await registerOn(app);
    const other = await registerOn(app);
    await from(app, HOME, {
      method: 'POST',
      url: '/api/v1/auth/email-login/',
      body: { email: other.email, password: 'wrong-password' },
    });
    const mine = await activity(one.token);
    const theirs = await activity(other.token);
    expect(mine.some((entry) => entry.action === 'auth.sign_in_failed')).toBe(false);
    expect(theirs.map((entry) => entry.action)).toContain('auth.sign_in_failed');
    expect((await call(app, 'GET', '/api/v1/account/activity/')).statusCode).toBe(401);
  });
});
