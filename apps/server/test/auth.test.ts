import { expect, it } from 'vitest';
import { MESSAGES, type AuthTokens, type User } from '@cc/contract';
import { call, describeEachDatabase, register, uniqueEmail } from './helpers';

type Mail = { to: string; kind: string; links: string[] };

describeEachDatabase('auth', (ctx) => {
  const mailsTo = async (to: string): Promise<Mail[]> => {
    const response = await call(ctx().app, 'GET', '/dev/mailbox.json');
    return response.json<{ results: Mail[] }>().results.filter((m) => m.to === to);
  };
  const tokenFrom = (link: string | undefined) =>
    new URL(link ?? 'http://x').searchParams.get('token') ?? '';

  it('registers with 201 and the session tokens, the refresh token in a cookie rather than the body', async () => {
    const response = await call(ctx().app, 'POST', '/api/v1/auth/email-register/', {
      body: {
        email: uniqueEmail(),
        password: 'shop-secret-123',
        siteId: 7,
        type: 2,
        first_name: 'N/A',
        last_name: 'N/A',
      },
    });
    expect(response.statusCode).toBe(201);
    const tokens = response.json<AuthTokens>();
    expect(Object.keys(tokens).sort()).toEqual(['expiration', 'refresh_expiration', 'token']);
    expect(response.cookies.map((cookie) => cookie.name)).toEqual(['cc_refresh_7', 'cc_refresh_7']);
    expect(new Date(tokens.expiration).getTime()).toBe(
      ctx().clock.now().getTime() + 15 * 60 * 1000,
    );
  });

  it("answers 409 'A user with this email already exists' for a duplicate, in any letter case", async () => {
    const email = uniqueEmail();
    await register(ctx().app, email);
    const response = await call(ctx().app, 'POST', '/api/v1/auth/email-register', {
      body: { email: email.toUpperCase(), password: 'shop-secret-123' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: MESSAGES.duplicateUser });
  });

  it('validates registration with the spec messages', async () => {
    const empty = await call(ctx().app, 'POST', '/api/v1/auth/email-register/', { body: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ email: [MESSAGES.required], password: [MESSAGES.required] });

    const short = await call(ctx().app, 'POST', '/api/v1/auth/email-register/', {
      body: { email: 'not-an-email', password: '12345' },
    });
    expect(short.json()).toEqual({
      email: [MESSAGES.invalidEmail],
      password: ['Password should be at least 6 characters long'],
    });

    const wrongType = await call(ctx().app, 'POST', '/api/v1/auth/email-register/', {
      body: { email: 'a@b.co', password: 'shop-secret-123', type: 'two' },
    });
    expect(wrongType.json()).toEqual({ type: ['A valid integer is required.'] });
  });

  it('logs in with the right pair and answers 401 with the spec message otherwise', async () => {
    const email = uniqueEmail();
    await register(ctx().app, email, 'right-password');
    const ok = await call(ctx().app, 'POST', '/api/v1/auth/email-login/', {
      body: { email, password: 'right-password', siteId: 8 },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<AuthTokens>().token).toBeTruthy();

    for (const body of [
      { email, password: 'wrong-password', siteId: 8 },
      { email: uniqueEmail('nobody'), password: 'right-password', siteId: 8 },
    ]) {
      const bad = await call(ctx().app, 'POST', '/api/v1/auth/email-login/', { body });
      expect(bad.statusCode).toBe(401);
      expect(bad.json()).toEqual({
        message: MESSAGES.invalidCredentials,
        detail: MESSAGES.invalidCredentials,
      });
    }

    const missing = await call(ctx().app, 'POST', '/api/v1/auth/email-login/', {
      body: { email: '', password: '' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ email: [MESSAGES.required], password: [MESSAGES.required] });
  });

  it('returns the user with store and coupon_center_txn from /auth/me/, and 401 without a token', async () => {
    const email = uniqueEmail();
    const { token } = await register(ctx().app, email);
    const me = await call(ctx().app, 'GET', '/api/v1/auth/me/', { token });
    expect(me.statusCode).toBe(200);
    expect(me.json<User>()).toMatchObject({
      email,
      email_verified: false,
      first_name: 'N/A',
      client: 7,
      is_staff: false,
      store: null,
      coupon_center_txn: null,
    });
    const anonymous = await call(ctx().app, 'GET', '/api/v1/auth/me/');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ message: MESSAGES.unauthorized });
    const garbage = await call(ctx().app, 'GET', '/api/v1/auth/me', { token: 'not-a-jwt' });
    expect(garbage.statusCode).toBe(401);
  });

  it('verifies the email once with the mailed token; a used or expired token fails', async () => {
    const email = uniqueEmail();
    const { token } = await register(ctx().app, email);
    const [mail] = await mailsTo(email);
    expect(mail?.kind).toBe('verify_email');
    expect(mail?.links[0]).toMatch(/^http:\/\/localhost:4007\/auth\/verify-email\?token=/);
    const verifyToken = tokenFrom(mail?.links[0]);
    expect(Buffer.from(verifyToken, 'base64url').length).toBeGreaterThanOrEqual(16);

    const verified = await call(ctx().app, 'POST', '/api/v1/auth/verify-email/', {
      body: { token: verifyToken },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ email_verified: true });
    const me = await call(ctx().app, 'GET', '/api/v1/auth/me/', { token });
    expect(me.json<User>().email_verified).toBe(true);

    const again = await call(ctx().app, 'POST', '/api/v1/auth/verify-email/', {
      body: { token: verifyToken },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ token: [MESSAGES.verifyExpired] });

    const other = uniqueEmail();
    await register(ctx().app, other);
    const [otherMail] = await mailsTo(other);
    ctx().clock.advance(48 * 60 * 60 * 1000 + 1000);
    const expired = await call(ctx().app, 'POST', '/api/v1/auth/verify-email/', {
      body: { token: tokenFrom(otherMail?.links[0]) },
    });
    expect(expired.statusCode).toBe(400);
  });

  it("answers 404 'No User Found' to a password reset for an unknown email", async () => {
    const response = await call(ctx().app, 'POST', '/api/v1/auth/password-reset', {
      body: { email: uniqueEmail('ghost'), siteId: 2 },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'No User Found' });
    const blank = await call(ctx().app, 'POST', '/api/v1/auth/password-reset/', {
      body: { email: '' },
    });
    expect(blank.json()).toEqual({ email: [MESSAGES.required] });
  });

  it('resets the password through the mailed link, once, within the hour', async () => {
    const email = uniqueEmail();
    await register(ctx().app, email, 'old-password');
    await call(ctx().app, 'POST', '/api/v1/auth/password-reset/', { body: { email, siteId: 2 } });
    const sent = await call(ctx().app, 'POST', '/api/v1/auth/password-reset/', {
      body: { email, siteId: 2 },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: MESSAGES.resetSent });
    // The mailbox lists the newest first: [second link, first link].
    const [mail, older] = (await mailsTo(email)).filter((m) => m.kind === 'password_reset');
    expect(mail?.links[0]).toMatch(/^http:\/\/localhost:4007\/auth\/set-password\?token=/);
    const resetToken = tokenFrom(mail?.links[0]);

    const short = await call(ctx().app, 'POST', '/api/v1/auth/set-new-password/', {
      body: { token: resetToken, password: '123' },
    });
    expect(short.json()).toEqual({ password: [MESSAGES.passwordTooShort] });

    const changed = await call(ctx().app, 'POST', '/api/v1/auth/set-new-password/', {
      body: { token: resetToken, password: 'new-password' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ message: MESSAGES.passwordChanged });
    const login = await call(ctx().app, 'POST', '/api/v1/auth/email-login/', {
      body: { email, password: 'new-password' },
    });
    expect(login.statusCode).toBe(200);

    const reused = await call(ctx().app, 'POST', '/api/v1/auth/set-new-password/', {
      body: { token: resetToken, password: 'third-password' },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ token: [MESSAGES.resetExpired] });
    const otherLink = await call(ctx().app, 'POST', '/api/v1/auth/set-new-password/', {
      body: { token: tokenFrom(older?.links[0]), password: 'fourth-password' },
    });
    expect(otherLink.json()).toEqual({ token: [MESSAGES.resetExpired] });

    await call(ctx().app, 'POST', '/api/Auth/resetPassword', { body: { email } });
    const late = (await mailsTo(email)).filter((m) => m.kind === 'password_reset')[0];
    ctx().clock.advance(60 * 60 * 1000 + 1000);
    const expired = await call(ctx().app, 'POST', '/api/Auth/updatePassword', {
      body: { token: tokenFrom(late?.links[0]), password: 'too-late-password' },
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ token: [MESSAGES.resetExpired] });
  });
});
