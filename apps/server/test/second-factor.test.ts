import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  MESSAGES,
  SECOND_FACTOR_MESSAGES,
  type AuthTokens,
  type RecoveryCodes,
  type SecondFactorStatus,
  type TotpSetup,
} from '@cc/contract';
import { recoveryCodes, totpFactors } from '../src/second-factor/schema';
import { call, describeEachDatabase } from './helpers';
import { PASSWORD, registerOn } from './account-fixtures';
import { challengeOf, codeNow, login, secondStep, TOTP_STEP_MS } from './second-factor-fixtures';

const SETUP = '/api/v1/account/second-factor/setup/';
const CONFIRM = '/api/v1/account/second-factor/confirm/';
const STATUS = '/api/v1/account/second-factor/';

describeEachDatabase('two-step sign-in (TOTP) for merchants', (ctx) => {
  /** A merchant who turned two-step sign-in on: their address, session, app secret and recovery codes. */
  async function merchantWithTotp() {
    const { app } = ctx();
    const { email, token } = await registerOn(app);
    const setup = (await call(app, 'POST', SETUP, { token })).json<TotpSetup>();
    const confirmed = await call(app, 'POST', CONFIRM, {
      token,
      body: { code: codeNow(app, setup.secret) },
    });
    expect(confirmed.statusCode).toBe(200);
    return {
      email,
      token,
      secret: setup.secret,
      codes: confirmed.json<RecoveryCodes>().recovery_codes,
    };
  }
  const status = async (token: string) =>
    (await call(ctx().app, 'GET', STATUS, { token })).json<SecondFactorStatus>();

  it('turns on with the QR code, the otpauth URI and the text secret, a first code, and ten recovery codes shown once', async () => {
    const { app } = ctx();
    const { email, token } = await registerOn(app);
    expect(await status(token)).toEqual({
      enabled: false,
      enabled_at: null,
      recovery_codes_left: 0,
      required: false,
    });

    const started = await call(app, 'POST', SETUP, { token });
    expect(started.statusCode).toBe(200);
    const setup = started.json<TotpSetup>();
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(setup.otpauth_uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(decodeURIComponent(uri.pathname)).toBe(`/Coupon Center:${email}`);
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      secret: setup.secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
      issuer: 'Coupon Center',
    });
    expect(setup.qr_svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);

    const wrong = await call(app, 'POST', CONFIRM, {
      token,
      body: { code: '000000' === codeNow(app, setup.secret) ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: [SECOND_FACTOR_MESSAGES.wrongCode] });
    expect((await status(token)).enabled).toBe(false);

    const confirmed = await call(app, 'POST', CONFIRM, {
      token,
      body: { code: codeNow(app, setup.secret) },
    });
    expect(confirmed.statusCode).toBe(200);
    const codes = confirmed.json<RecoveryCodes>().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await status(token)).toEqual({
      enabled: true,
      enabled_at: app.clock.now().toISOString(),
      recovery_codes_left: 10,
      required: false,
    });
    expect((await call(app, 'POST', SETUP, { token })).json()).toMatchObject({
      message: SECOND_FACTOR_MESSAGES.alreadyOn,
    });

    // At rest: the secret sealed, the recovery codes hashed; neither as shown.
    const me = (await call(app, 'GET', '/api/v1/auth/me/', { token })).json<{ id: number }>();
    const [factor] = await app.db.select().from(totpFactors).where(eq(totpFactors.userId, me.id));
    expect(factor?.sealedSecret).toMatch(/^v1\./);
    expect(factor?.sealedSecret).not.toContain(setup.secret);
    const stored = await app.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, me.id));
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(codes.join(' ')).not.toContain(row.codeHash.slice(0, 10));
  });

  it('signs in with the password, then a code; the challenge gives no tokens and works once', async () => {
    const { app } = ctx();
    const { email, secret } = await merchantWithTotp();
    ctx().clock.advance(TOTP_STEP_MS);
    const first = await login(app, email, PASSWORD);
    const challenge = challengeOf(first);
    expect(challenge.second_factor).toBe('totp');
    expect(challenge.setup).toBeUndefined();
    expect(first.json()).not.toHaveProperty('token');
    expect(first.cookies).toEqual([]);

    const wrong = await secondStep(app, { challenge: challenge.challenge, code: '12345' });
    expect(wrong.statusCode).toBe(400);
    const missing = await secondStep(app, { challenge: challenge.challenge });
    expect(missing.json()).toEqual({ code: [SECOND_FACTOR_MESSAGES.codeOrRecoveryRequired] });

    const right = await secondStep(app, {
      challenge: challenge.challenge,
      code: codeNow(app, secret),
    });
    expect(right.statusCode).toBe(200);
    const tokens = right.json<AuthTokens>();
    expect(Object.keys(tokens).sort()).toEqual(['expiration', 'refresh_expiration', 'token']);
    expect(right.cookies.map((cookie) => cookie.name)).toEqual(['cc_refresh_7', 'cc_refresh_7']);
    expect((await call(app, 'GET', '/api/v1/auth/me/', { token: tokens.token })).statusCode).toBe(
      200,
    );

    ctx().clock.advance(TOTP_STEP_MS);
    const again = await secondStep(app, {
      challenge: challenge.challenge,
      code: codeNow(app, secret),
    });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ message: SECOND_FACTOR_MESSAGES.challengeExpired });
  });

  it('refuses a code used once, again within its window, and takes the next one', async () => {
    const { app } = ctx();
    const { email, secret } = await merchantWithTotp();
    ctx().clock.advance(TOTP_STEP_MS);
    const used = codeNow(app, secret);
    const first = challengeOf(await login(app, email, PASSWORD));
    expect((await secondStep(app, { challenge: first.challenge, code: used })).statusCode).toBe(
      200,
    );

    // Ten seconds later the same code is still within the window, and is refused as used.
    ctx().clock.advance(10_000);
    const second = challengeOf(await login(app, email, PASSWORD));
    const replay = await secondStep(app, { challenge: second.challenge, code: used });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ code: [SECOND_FACTOR_MESSAGES.wrongCode] });
    ctx().clock.advance(TOTP_STEP_MS);
    expect(
      (await secondStep(app, { challenge: second.challenge, code: codeNow(app, secret) }))
        .statusCode,
    ).toBe(200);
  });

  it('takes each recovery code once, in any case and with spaces, and says how many are left', async () => {
    const { app } = ctx();
    const { email, token, codes } = await merchantWithTotp();
    const [code] = codes;
    const first = challengeOf(await login(app, email, PASSWORD));
    const used = await secondStep(app, {
      challenge: first.challenge,
      recovery_code: ` ${(code ?? '').toUpperCase()} `,
    });
    expect(used.statusCode).toBe(200);
    expect((await status(token)).recovery_codes_left).toBe(9);

    const second = challengeOf(await login(app, email, PASSWORD));
    const again = await secondStep(app, { challenge: second.challenge, recovery_code: code ?? '' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ recovery_code: [SECOND_FACTOR_MESSAGES.wrongCode] });
  });

  it("refuses the spec's login without the second step, with a message and no tokens; a password reset does not lift it", async () => {
    const { app } = ctx();
    const { email } = await merchantWithTotp();
    const spec = await call(app, 'POST', '/api/v1/auth/email-login/', {
      body: { email, password: PASSWORD, siteId: 8 },
    });
    expect(spec.statusCode).toBe(403);
    expect(spec.json()).toEqual({
      message: SECOND_FACTOR_MESSAGES.needsChallenge,
      detail: SECOND_FACTOR_MESSAGES.needsChallenge,
    });
    expect(spec.cookies).toEqual([]);
    // A wrong password still gets the spec's 401: the refusal tells only a holder of the password.
    const wrong = await call(app, 'POST', '/api/v1/auth/email-login/', {
      body: { email, password: 'not-the-one', siteId: 8 },
    });
    expect(wrong.json()).toMatchObject({ message: MESSAGES.invalidCredentials });

    // The legacy password calls set a new password; sign-in still asks for the code.
    expect(
      (await call(app, 'POST', '/api/Auth/resetPassword', { body: { email } })).statusCode,
    ).toBe(200);
    const mails = (await call(app, 'GET', '/dev/mailbox.json')).json<{
      results: { to: string; links: string[] }[];
    }>().results;
    const link = mails.find((mail) => mail.to === email)?.links[0] ?? 'http://x';
    const reset = await call(app, 'POST', '/api/Auth/updatePassword', {
      body: { token: new URL(link).searchParams.get('token'), password: 'brand-new-pass-9' },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).not.toHaveProperty('token');
    expect(
      (
        await call(app, 'POST', '/api/v1/auth/email-login/', {
          body: { email, password: 'brand-new-pass-9' },
        })
      ).statusCode,
    ).toBe(403);
    expect(challengeOf(await login(app, email, 'brand-new-pass-9')).second_factor).toBe('totp');
  });

  it("keeps the spec's login unchanged for an account without two-step sign-in, with or without the app's flag", async () => {
    const { app } = ctx();
    const { email } = await registerOn(app);
    for (const body of [
      { email, password: PASSWORD, siteId: 8 },
      { email, password: PASSWORD, siteId: 8, accepts_second_factor: true },
    ]) {
      const response = await call(app, 'POST', '/api/v1/auth/email-login/', { body });
      expect(response.statusCode).toBe(200);
      expect(Object.keys(response.json<AuthTokens>()).sort()).toEqual([
        'expiration',
        'refresh_expiration',
        'token',
      ]);
    }
  });

  it('makes new recovery codes and turns off with the password or a current code, never without', async () => {
    const { app } = ctx();
    const { email, token, secret, codes } = await merchantWithTotp();
    const fresh = await call(app, 'POST', '/api/v1/account/second-factor/recovery-codes/', {
      token,
      body: { password: PASSWORD },
    });
    expect(fresh.statusCode).toBe(200);
    const next = fresh.json<RecoveryCodes>().recovery_codes;
    expect(next).toHaveLength(10);
    expect(next).not.toContain(codes[0]);
    const old = challengeOf(await login(app, email, PASSWORD));
    expect(
      (await secondStep(app, { challenge: old.challenge, recovery_code: codes[1] ?? '' }))
        .statusCode,
    ).toBe(400);

    const disable = (body: object) =>
      call(app, 'POST', '/api/v1/account/second-factor/disable/', { token, body });
    expect((await disable({})).json()).toEqual({
      non_field_errors: [SECOND_FACTOR_MESSAGES.passwordOrCode],
    });
    expect((await disable({ password: 'not-mine-1' })).json()).toEqual({
      password: [SECOND_FACTOR_MESSAGES.wrongPassword],
    });
    ctx().clock.advance(TOTP_STEP_MS);
    const off = await disable({ code: codeNow(app, secret) });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ message: SECOND_FACTOR_MESSAGES.turnedOff });
    expect(await status(token)).toMatchObject({ enabled: false, recovery_codes_left: 0 });
    const plain = await call(app, 'POST', '/api/v1/auth/email-login/', {
      body: { email, password: PASSWORD },
    });
    expect(plain.statusCode).toBe(200);
    expect(plain.json<AuthTokens>().token).toBeTruthy();
    expect((await disable({ password: PASSWORD })).statusCode).toBe(409);
  });
});
