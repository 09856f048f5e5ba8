import { createSecretKey } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT, decodeJwt } from 'jose';
import { expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, MESSAGES, type AccountSession } from '@cc/contract';
import { sessions } from '../src/auth/schema';
import { describeEachDatabase, testEnv } from './helpers';
import {
  callOn,
  CHROME_MAC,
  FIREFOX_WINDOWS,
  meStatus,
  refreshStatus,
  registerOn,
  signIn,
  type Device,
} from './account-fixtures';

describeEachDatabase('signed-in sessions', (ctx) => {
  const list = async (device: Device) => {
    const response = await callOn(ctx().app, 'GET', '/api/v1/account/sessions/', {
      token: device.token,
    });
    expect(response.statusCode).toBe(200);
    return response.json<AccountSession[]>();
  };
  const sessionId = (device: Device) => String(decodeJwt(device.token).sid);

  it('starts a session at each sign-in, named in the access token, with the device read from its User-Agent', async () => {
    const { app, clock } = ctx();
    const laptop = await registerOn(app, { userAgent: CHROME_MAC });
    clock.advance(60_000);
    const desktop = await signIn(app, laptop.email, { userAgent: FIREFOX_WINDOWS });
    const [row] = await app.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionId(laptop)));
    expect(row).toMatchObject({ userAgent: CHROME_MAC, revokedAt: null });
    expect(row?.createdAt.getTime()).toBe(clock.now().getTime() - 60_000);

    const seen = await list(desktop);
    expect(seen.map(({ browser, os, current }) => ({ browser, os, current }))).toEqual([
      { browser: 'Firefox 133', os: 'Windows 10', current: true },
      { browser: 'Chrome 142', os: 'macOS 10.15', current: false },
    ]);
    expect(seen[0]?.id).toBe(sessionId(desktop));
    expect(seen[1]?.created_at).toBe(row?.createdAt.toISOString());
  });

  it('keeps 512 characters of a long User-Agent and reads an empty one as unknown', async () => {
    const { app } = ctx();
    const long = `${CHROME_MAC} ${'x'.repeat(2000)}`;
    const device = await registerOn(app, { userAgent: long });
    const [row] = await app.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionId(device)));
    expect(row?.userAgent).toBe(long.slice(0, 512));
    const bare = await signIn(app, device.email, { userAgent: '' });
    const current = (await list(bare)).find((session) => session.current);
    expect(current).toMatchObject({
      browser: 'Unknown browser',
      os: 'Unknown system',
      id: sessionId(bare),
    });
  });

  it('a refresh keeps the session and marks it used; the list shows the latest use first', async () => {
    const { app, clock } = ctx();
    const first = await registerOn(app);
    const second = await signIn(app, first.email);
    clock.advance(5 * 60_000);
    const refreshed = await callOn(app, 'POST', '/api/v1/auth/token/refresh/', {
      body: { refresh: first.refresh },
    });
    expect(refreshed.statusCode).toBe(200);
    const token = refreshed.json<{ token: string }>().token;
    expect(String(decodeJwt(token).sid)).toBe(sessionId(first));
    const seen = await list(second);
    expect(seen.map((session) => session.id)).toEqual([sessionId(first), sessionId(second)]);
    expect(seen[0]?.last_used_at).toBe(clock.now().toISOString());
  });

  it('signs out one device: its access and refresh tokens stop working, the others go on', async () => {
    const { app } = ctx();
    const phone = await registerOn(app);
    const laptop = await signIn(app, phone.email);
    const ended = await callOn(app, 'DELETE', `/api/v1/account/sessions/${sessionId(phone)}/`, {
      token: laptop.token,
    });
    expect(ended.statusCode).toBe(204);
    expect(await meStatus(app, phone)).toBe(401);
    expect(await refreshStatus(app, phone)).toBe(401);
    expect(await meStatus(app, laptop)).toBe(200);
    expect((await list(laptop)).map((session) => session.id)).toEqual([sessionId(laptop)]);
    // Its own session too: the caller is signed out.
    expect(
      (
        await callOn(app, 'DELETE', `/api/v1/account/sessions/${sessionId(laptop)}/`, {
          token: laptop.token,
        })
      ).statusCode,
    ).toBe(204);
    expect(await meStatus(app, laptop)).toBe(401);
  });

  it("answers 404 for another user's session or an unknown one, and ends nothing", async () => {
    const { app } = ctx();
    const mine = await registerOn(app);
    const theirs = await registerOn(app);
    for (const id of [sessionId(theirs), 'no-such-session', sessionId(theirs).toUpperCase()]) {
      const response = await callOn(app, 'DELETE', `/api/v1/account/sessions/${id}/`, {
        token: mine.token,
      });
      expect(response.statusCode).toBe(404);
    }
    expect(await meStatus(app, theirs)).toBe(200);
    expect(await refreshStatus(app, theirs)).toBe(200);
    const tooLong = await callOn(app, 'DELETE', `/api/v1/account/sessions/${'a'.repeat(65)}/`, {
      token: mine.token,
    });
    expect(tooLong.statusCode).toBe(404);
    const withNul = await callOn(app, 'DELETE', '/api/v1/account/sessions/a%00b/', {
      token: mine.token,
    });
    expect(withNul.statusCode).toBe(404);
  });

  it('signs out every other device and says how many', async () => {
    const { app } = ctx();
    const here = await registerOn(app);
    const others = [await signIn(app, here.email), await signIn(app, here.email)];
    const response = await callOn(app, 'POST', '/api/v1/account/sessions/sign-out-others/', {
      token: here.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: ACCOUNT_MESSAGES.otherSessionsEnded,
      signed_out: 2,
    });
    for (const other of others) expect(await meStatus(app, other)).toBe(401);
    expect(await meStatus(app, here)).toBe(200);
    expect((await list(here)).map((session) => session.current)).toEqual([true]);
  });

  it('logout ends its session: the access token is refused at once', async () => {
    const { app } = ctx();
    const device = await registerOn(app);
    const other = await signIn(app, device.email);
    const out = await callOn(app, 'POST', '/api/v1/auth/logout/', {
      token: device.token,
      body: {},
    });
    expect(out.statusCode).toBe(200);
    expect(await meStatus(app, device)).toBe(401);
    expect(await refreshStatus(app, device)).toBe(401);
    expect(await meStatus(app, other)).toBe(200);
  });

  /**
   * Access tokens signed with the server's own key for a new device's user: its claims (brand 7,
   * its session, an expiry in 10 minutes) with `changes` made; `expires: false` leaves out the expiry.
   */
  const forgerFor = async () => {
    const device = await registerOn(ctx().app);
    const claims = decodeJwt(device.token);
    const key = createSecretKey(Buffer.from(testEnv().jwtSecret, 'utf8'));
    const now = Math.floor(ctx().clock.now().getTime() / 1000);
    const sign = (changes: { sub?: string; cid?: unknown; sid?: unknown; expires?: boolean }) => {
      const jwt = new SignJWT({
        cid: 'cid' in changes ? changes.cid : 7,
        sid: 'sid' in changes ? changes.sid : claims.sid,
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(changes.sub ?? String(claims.sub))
        .setIssuedAt(now);
      return (changes.expires === false ? jwt : jwt.setExpirationTime(now + 600)).sign(key);
    };
    return { sid: String(claims.sid), sign };
  };
  const expectRefused = async (tokens: string[]) => {
    for (const token of tokens) {
      const response = await callOn(ctx().app, 'GET', '/api/v1/auth/me/', { token });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ message: MESSAGES.tokenInvalid });
    }
  };

  it('refuses a validly signed access token that names no session', async () => {
    const { sign } = await forgerFor();
    await expectRefused([
      await sign({ sid: undefined }),
      await sign({ sid: 'made-up' }),
      await sign({ sid: 42 }),
    ]);
    // The same claims with the real session still work: the session was what was missing.
    expect(
      (await callOn(ctx().app, 'GET', '/api/v1/auth/me/', { token: await sign({}) })).statusCode,
    ).toBe(200);
  });

  it('refuses a validly signed access token whose claims are not what the server issues, though it names the live session', async () => {
    const { sid, sign } = await forgerFor();
    await expectRefused([
      await sign({ sub: 'someone' }),
      await sign({ cid: 9 }),
      await sign({ cid: '7' }),
      await sign({ expires: false }),
      await sign({ sid: '' }),
      await sign({ sid: `${sid}${'0'.repeat(64)}` }),
    ]);
    expect(
      (await callOn(ctx().app, 'GET', '/api/v1/auth/me/', { token: await sign({}) })).statusCode,
    ).toBe(200);
  });

  it('asks for sign-in on every session call', async () => {
    const { app } = ctx();
    expect((await callOn(app, 'GET', '/api/v1/account/sessions/')).statusCode).toBe(401);
    expect((await callOn(app, 'DELETE', '/api/v1/account/sessions/x/')).statusCode).toBe(401);
    expect(
      (await callOn(app, 'POST', '/api/v1/account/sessions/sign-out-others/')).statusCode,
    ).toBe(401);
  });
});
