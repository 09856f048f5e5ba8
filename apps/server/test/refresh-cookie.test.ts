import { expect, it } from 'vitest';
import { MESSAGES, type AuthTokens } from '@cc/contract';
import { REFRESH_TOKEN_TTL_MS } from '../src/auth/service';
import { createStaff } from '../src/seed';
import { call, describeEachDatabase, uniqueEmail } from './helpers';
import {
  cookieValue,
  LOGOUT_PATH,
  post,
  REFRESH_PATH,
  setCookies,
  signUp,
} from './session-cookies';
import { enrolStaff } from './second-factor-fixtures';

const BOTH_PATHS = [REFRESH_PATH, LOGOUT_PATH];
const STAFF = { 'x-session-audience': 'staff' };

describeEachDatabase('refresh token cookie', (ctx) => {
  const refreshWith = (cookie: string, site = '7') =>
    post(ctx().app, REFRESH_PATH, {
      cookies: { [`cc_refresh_${site}`]: cookie },
      headers: { 'x-site-key': site },
    });

  it('registration and login set the refresh token as an HttpOnly, SameSite=Strict cookie on the refresh and logout paths only', async () => {
    const email = uniqueEmail();
    const { response, tokens } = await signUp(ctx().app, { email });
    expect(Object.keys(tokens).sort()).toEqual(['expiration', 'refresh_expiration', 'token']);
    const cookies = setCookies(response, 'cc_refresh_7');
    expect(cookies.map((cookie) => cookie.path).sort()).toEqual([...BOTH_PATHS].sort());
    for (const cookie of cookies) {
      expect(cookie).toMatchObject({
        httpOnly: true,
        sameSite: 'Strict',
        maxAge: REFRESH_TOKEN_TTL_MS / 1000,
      });
      expect(cookie.secure).toBeFalsy();
      // Expires has whole seconds.
      expect(cookie.expires?.getTime()).toBe(
        Math.floor(Date.parse(tokens.refresh_expiration) / 1000) * 1000,
      );
    }

    const login = await post(ctx().app, '/api/v1/auth/email-login/', {
      body: { email, password: 'shop-secret-123', siteId: 8 },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json<AuthTokens>().refresh).toBeUndefined();
    expect(
      setCookies(login, 'cc_refresh_7')
        .map((cookie) => cookie.path)
        .sort(),
    ).toEqual([...BOTH_PATHS].sort());
    // The access token stays the bearer.
    expect(
      (await call(ctx().app, 'GET', '/api/v1/auth/me/', { token: login.json<AuthTokens>().token }))
        .statusCode,
    ).toBe(200);
  });

  it('a refresh through the cookie rotates it: a fresh access token in the body, the new refresh token only in the cookie', async () => {
    const first = await signUp(ctx().app);
    ctx().clock.advance(1000);
    const response = await refreshWith(first.refresh);
    expect(response.statusCode).toBe(200);
    const body = response.json<AuthTokens>();
    expect(body.refresh).toBeUndefined();
    expect(body.token).not.toBe(first.tokens.token);
    expect(
      (await call(ctx().app, 'GET', '/api/v1/auth/me/', { token: body.token })).statusCode,
    ).toBe(200);
    const second = cookieValue(response, 'cc_refresh_7');
    expect(second).not.toBe(first.refresh);
    expect(setCookies(response, 'cc_refresh_7')).toHaveLength(2);
    expect((await refreshWith(second)).statusCode).toBe(200);
  });

  it('replaying a rotated cookie revokes the whole family: the newest cookie fails too', async () => {
    const first = await signUp(ctx().app);
    const second = cookieValue(await refreshWith(first.refresh), 'cc_refresh_7');
    const replay = await refreshWith(first.refresh);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ message: MESSAGES.tokenInvalid });
    expect((await refreshWith(second)).statusCode).toBe(401);
  });

  it('two tabs refreshing with the same cookie at the same moment rotate it at most once; the second use ends the session', async () => {
    const first = await signUp(ctx().app);
    const answers = await Promise.all([refreshWith(first.refresh), refreshWith(first.refresh)]);
    const rotated = answers.filter((answer) => answer.statusCode === 200);
    expect(rotated.length).toBeLessThanOrEqual(1);
    for (const refused of answers.filter((answer) => answer.statusCode !== 200)) {
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ message: MESSAGES.tokenInvalid });
    }
    // The later use was a replay: nothing this sign-in was given works any more.
    expect((await refreshWith(first.refresh)).statusCode).toBe(401);
    for (const answer of rotated) {
      expect((await refreshWith(cookieValue(answer, 'cc_refresh_7'))).statusCode).toBe(401);
      const me = await call(ctx().app, 'GET', '/api/v1/auth/me/', {
        token: answer.json<AuthTokens>().token,
      });
      expect(me.statusCode).toBe(401);
    }
  });

  it('refuses a refresh without a cookie or body token', async () => {
    const response = await post(ctx().app, REFRESH_PATH);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: MESSAGES.unauthorized });
  });

  it('logout through the cookie revokes the session and expires the cookie on both paths, even with an expired access token', async () => {
    const { refresh, tokens } = await signUp(ctx().app);
    ctx().clock.advance(20 * 60 * 1000);
    const out = await post(ctx().app, LOGOUT_PATH, {
      token: tokens.token,
      cookies: { cc_refresh_7: refresh },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true });
    const cleared = setCookies(out, 'cc_refresh_7');
    expect(cleared.map((cookie) => cookie.path).sort()).toEqual([...BOTH_PATHS].sort());
    for (const cookie of cleared) {
      expect(cookie).toMatchObject({ value: '', maxAge: 0, httpOnly: true, sameSite: 'Strict' });
      expect(cookie.expires?.getTime()).toBeLessThan(Date.now());
    }
    expect((await refreshWith(refresh)).statusCode).toBe(401);
  });

  it('logout with neither a refresh token nor a bearer is refused, and the cookie is still expired', async () => {
    const out = await post(ctx().app, LOGOUT_PATH);
    expect(out.statusCode).toBe(401);
    expect(setCookies(out, 'cc_refresh_7').map((cookie) => cookie.value)).toEqual(['', '']);
  });

  it("a brand's cookie is not read by another brand", async () => {
    const uk = await signUp(ctx().app);
    const onPromo = await post(ctx().app, REFRESH_PATH, {
      cookies: { cc_refresh_7: uk.refresh },
      headers: { 'x-site-key': '8' },
    });
    expect(onPromo.statusCode).toBe(401);
    // Not spent by the refused call: the UK session goes on.
    expect((await refreshWith(uk.refresh)).statusCode).toBe(200);

    const promo = await signUp(ctx().app, { headers: { 'x-site-key': '8' } });
    expect(setCookies(promo.response, 'cc_refresh_7')).toEqual([]);
    expect((await refreshWith(promo.refresh, '8')).statusCode).toBe(200);
  });

  it("the staff console's session has its own cookie, apart from a merchant's on the same site", async () => {
    const email = uniqueEmail('staff');
    await createStaff(ctx().app.db, { email, password: 'staff-secret', clock: ctx().app.clock });
    // Staff sign in with the enrolment of their app; its last step starts the session.
    const login = (await enrolStaff(ctx().app, email, 'staff-secret', STAFF)).response;
    expect(login.statusCode).toBe(200);
    expect(setCookies(login, 'cc_refresh_7')).toEqual([]);
    const staff = cookieValue(login, 'cc_refresh_staff_7');
    const merchant = await signUp(ctx().app);
    const cookies = { cc_refresh_7: merchant.refresh, cc_refresh_staff_7: staff };

    const staffRefresh = await post(ctx().app, REFRESH_PATH, { headers: STAFF, cookies });
    expect(staffRefresh.statusCode).toBe(200);
    expect(setCookies(staffRefresh, 'cc_refresh_7')).toEqual([]);
    const staffNext = cookieValue(staffRefresh, 'cc_refresh_staff_7');

    const staffOut = await post(ctx().app, LOGOUT_PATH, {
      headers: STAFF,
      cookies: { ...cookies, cc_refresh_staff_7: staffNext },
    });
    expect(staffOut.statusCode).toBe(200);
    expect(setCookies(staffOut, 'cc_refresh_7')).toEqual([]);
    // The merchant signed in beside staff keeps the session.
    expect((await refreshWith(merchant.refresh)).statusCode).toBe(200);
    expect(
      (
        await post(ctx().app, REFRESH_PATH, {
          headers: STAFF,
          cookies: { cc_refresh_staff_7: staffNext },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describeEachDatabase(
  'refresh token cookie in production',
  (ctx) => {
    it('is Secure when set and when expired', async () => {
      const { response, refresh } = await signUp(ctx().app);
      const set = setCookies(response, 'cc_refresh_7');
      expect(set).toHaveLength(2);
      for (const cookie of set)
        expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' });

      const out = await post(ctx().app, LOGOUT_PATH, { cookies: { cc_refresh_7: refresh } });
      expect(out.statusCode).toBe(200);
      const cleared = setCookies(out, 'cc_refresh_7');
      expect(cleared).toHaveLength(2);
      for (const cookie of cleared) expect(cookie).toMatchObject({ secure: true, value: '' });
    });
  },
  { env: { isProduction: true } },
);
