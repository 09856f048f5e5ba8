import { expect, it } from 'vitest';
import { MESSAGES, type AuthTokens } from '@cc/contract';
import { call, describeEachDatabase, register, uniqueEmail } from './helpers';
import { cookieValue, setCookies, signUp } from './session-cookies';

/** A caller without the cookie sends its refresh token in the body and gets the rotated one back there. */
type BodyTokens = AuthTokens & { refresh: string };

describeEachDatabase('session tokens', (ctx) => {
  const refresh = (token: string) =>
    call(ctx().app, 'POST', '/api/v1/auth/token/refresh/', { body: { refresh: token } });
  const signedUp = async (email?: string) => {
    const { tokens, refresh: token } = await signUp(ctx().app, { email });
    return { ...tokens, refresh: token };
  };

  it('rotates the refresh token on use: the new pair works, the access token is fresh', async () => {
    const first = await signedUp();
    ctx().clock.advance(1000);
    const response = await refresh(first.refresh);
    expect(response.statusCode).toBe(200);
    const second = response.json<BodyTokens>();
    expect(second.refresh).not.toBe(first.refresh);
    expect(second.token).not.toBe(first.token);
    // It came in the body, so it goes back in the body: no cookie.
    expect(setCookies(response, 'cc_refresh_7')).toEqual([]);
    const me = await call(ctx().app, 'GET', '/api/v1/auth/me/', { token: second.token });
    expect(me.statusCode).toBe(200);
    const third = await refresh(second.refresh);
    expect(third.statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated refresh token is presented again', async () => {
    const first = await signedUp();
    const second = (await refresh(first.refresh)).json<BodyTokens>();
    const reuse = await refresh(first.refresh);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toMatchObject({ message: MESSAGES.tokenInvalid });
    // The legitimate holder's newer token died with the family.
    expect((await refresh(second.refresh)).statusCode).toBe(401);
  });

  it('keeps other logins alive when one family is revoked', async () => {
    const email = uniqueEmail();
    const a = await signedUp(email);
    const b = cookieValue(
      await call(ctx().app, 'POST', '/api/v1/auth/email-login/', {
        body: { email, password: 'shop-secret-123' },
      }),
      'cc_refresh_7',
    );
    await refresh(a.refresh);
    await refresh(a.refresh);
    expect((await refresh(b)).statusCode).toBe(200);
  });

  it('refuses an unknown or expired refresh token: it lasts 30 days, not a second more', async () => {
    expect((await refresh('made-up-token')).statusCode).toBe(401);
    const [first, second, third] = [await signedUp(), await signedUp(), await signedUp()];
    ctx().clock.advance(30 * 24 * 60 * 60 * 1000 - 1000);
    expect((await refresh(first.refresh)).statusCode).toBe(200);
    ctx().clock.advance(1000);
    expect((await refresh(second.refresh)).statusCode).toBe(401);
    ctx().clock.advance(24 * 60 * 60 * 1000);
    expect((await refresh(third.refresh)).statusCode).toBe(401);
  });

  it('expires the access token after 15 minutes, to the second', async () => {
    const { token } = await register(ctx().app);
    ctx().clock.advance(14 * 60 * 1000 + 59 * 1000);
    expect((await call(ctx().app, 'GET', '/api/v1/auth/me/', { token })).statusCode).toBe(200);
    ctx().clock.advance(1000);
    expect((await call(ctx().app, 'GET', '/api/v1/auth/me/', { token })).statusCode).toBe(401);
    ctx().clock.advance(60 * 1000);
    const expired = await call(ctx().app, 'GET', '/api/v1/auth/me/', { token });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ message: MESSAGES.tokenInvalid });
  });

  it('logout revokes the session: its refresh token no longer works', async () => {
    const tokens = await signedUp();
    const anonymous = await call(ctx().app, 'POST', '/api/v1/auth/logout/', { body: {} });
    expect(anonymous.statusCode).toBe(401);
    const out = await call(ctx().app, 'POST', '/api/v1/auth/logout/', {
      token: tokens.token,
      body: { refresh: tokens.refresh },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true });
    expect((await refresh(tokens.refresh)).statusCode).toBe(401);
  });

  it('logs out with the refresh token alone once the access token has expired', async () => {
    const tokens = await signedUp();
    ctx().clock.advance(20 * 60 * 1000);
    const out = await call(ctx().app, 'POST', '/api/v1/auth/logout/', {
      body: { refresh: tokens.refresh },
    });
    expect(out.statusCode).toBe(200);
    expect((await refresh(tokens.refresh)).statusCode).toBe(401);
    const unknown = await call(ctx().app, 'POST', '/api/v1/auth/logout/', {
      body: { refresh: 'made-up' },
    });
    expect(unknown.statusCode).toBe(401);
  });

  it('a password change revokes every refresh token of the user and ends their sessions', async () => {
    const email = uniqueEmail();
    const tokens = await signedUp(email);
    await call(ctx().app, 'POST', '/api/v1/auth/password-reset/', { body: { email } });
    const mailbox = (await call(ctx().app, 'GET', '/dev/mailbox.json')).json<{
      results: { to: string; kind: string; links: string[] }[];
    }>();
    const link =
      mailbox.results.find((m) => m.to === email && m.kind === 'password_reset')?.links[0] ?? '';
    const token = new URL(link).searchParams.get('token');
    const changed = await call(ctx().app, 'POST', '/api/v1/auth/set-new-password/', {
      body: { token, password: 'brand-new-password' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await refresh(tokens.refresh)).statusCode).toBe(401);
    // Its session ended with it: the access token it still holds is refused at once.
    expect(
      (await call(ctx().app, 'GET', '/api/v1/auth/me/', { token: tokens.token })).statusCode,
    ).toBe(401);
  });

  it('serves the legacy GET /api/Auth/refresh?token alias: the rotated token in the body, no cookie', async () => {
    const tokens = await signedUp();
    const response = await call(ctx().app, 'GET', `/api/Auth/refresh?token=${tokens.refresh}`);
    expect(response.statusCode).toBe(200);
    const rotated = response.json<BodyTokens>().refresh;
    expect(rotated).toEqual(expect.any(String));
    expect(rotated).not.toBe(tokens.refresh);
    expect(response.cookies).toEqual([]);
    expect((await refresh(rotated)).statusCode).toBe(200);
  });

  it('accepts a token only on the client it was issued for', async () => {
    const { token } = await register(ctx().app);
    const elsewhere = await call(ctx().app, 'GET', '/api/v1/auth/me/', {
      token,
      headers: { 'x-site-key': '8' },
    });
    expect(elsewhere.statusCode).toBe(401);
  });
});
