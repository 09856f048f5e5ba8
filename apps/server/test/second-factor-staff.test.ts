import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  SECOND_FACTOR_MESSAGES,
  type AuditEvent,
  type AuthTokens,
  type SecondFactorSignIn,
  type User,
} from '@cc/contract';
import { secondFactorChallenges } from '../src/second-factor/schema';
import { resetSecondFactor } from '../src/second-factor/service';
import { createStaff } from '../src/seed';
import { call, describeEachDatabase, uniqueEmail } from './helpers';
import { PASSWORD, registerOn } from './account-fixtures';
import { auditPage } from './audit-fixtures';
import { staffToken } from './review-fixtures';
import {
  challengeOf,
  codeNow,
  enrolStaff,
  login,
  secondStep,
  signInWithCode,
  TOTP_STEP_MS,
} from './second-factor-fixtures';

const STAFF_PASSWORD = 'staff-secret';
const STAFF = { 'x-session-audience': 'staff' };

describeEachDatabase('two-step sign-in: staff must enrol; lockout; reset', (ctx) => {
  async function newStaff(): Promise<string> {
    const email = uniqueEmail('staff');
    await createStaff(ctx().app.db, { email, password: STAFF_PASSWORD, clock: ctx().app.clock });
    return email;
  }
  const idOf = async (token: string) =>
    (await call(ctx().app, 'GET', '/api/v1/auth/me/', { token })).json<User>().id;
  const entries = async (action: string, target: number): Promise<AuditEvent[]> =>
    (await auditPage(ctx().app, await staffToken(ctx().app), { action, target: `user:${target}` }))
      .results;

  it('gives a staff member without an app no session: they enrol one, confirm a code, get recovery codes, then are signed in', async () => {
    const { app } = ctx();
    const email = await newStaff();
    const spec = await call(app, 'POST', '/api/v1/auth/email-login/', {
      body: { email, password: STAFF_PASSWORD },
    });
    expect(spec.statusCode).toBe(403);
    expect(spec.json()).toMatchObject({ message: SECOND_FACTOR_MESSAGES.staffNeedsChallenge });

    const challenge = challengeOf(await login(app, email, STAFF_PASSWORD, STAFF));
    expect(challenge.second_factor).toBe('enrol');
    expect(challenge.setup?.otpauth_uri).toContain(`secret=${challenge.setup?.secret ?? 'none'}`);
    expect(challenge.setup?.qr_svg).toMatch(/^<svg/);
    expect(new Date(challenge.challenge_expiration).getTime()).toBe(
      app.clock.now().getTime() + 15 * 60 * 1000,
    );
    // A recovery code cannot stand in for the app's first code.
    expect(
      (await secondStep(app, { challenge: challenge.challenge, recovery_code: 'aaaaa-bbbbb' }))
        .statusCode,
    ).toBe(401);

    const again = challengeOf(await login(app, email, STAFF_PASSWORD, STAFF));
    const secret = again.setup?.secret ?? '';
    const wrong = await secondStep(
      app,
      { challenge: again.challenge, code: '000000' === codeNow(app, secret) ? '999999' : '000000' },
      STAFF,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: [SECOND_FACTOR_MESSAGES.wrongCode] });
    const enrolled = await secondStep(
      app,
      { challenge: again.challenge, code: codeNow(app, secret) },
      STAFF,
    );
    expect(enrolled.statusCode).toBe(200);
    const body = enrolled.json<SecondFactorSignIn>();
    expect(body.recovery_codes).toHaveLength(10);
    expect(enrolled.cookies.map((cookie) => cookie.name)).toEqual([
      'cc_refresh_staff_7',
      'cc_refresh_staff_7',
    ]);
    const id = await idOf(body.token);
    expect(
      (await call(app, 'GET', '/api/v1/review/stores/', { token: body.token })).statusCode,
    ).toBe(200);

    // The earlier set-up, replaced, is gone: from now on the sign-in asks for a code of the app enrolled.
    ctx().clock.advance(TOTP_STEP_MS);
    expect(challengeOf(await login(app, email, STAFF_PASSWORD, STAFF)).second_factor).toBe('totp');
    const [enabled] = await entries('second_factor.enabled', id);
    expect(enabled).toMatchObject({
      actor_user_id: id,
      actor_role: 'staff',
      details: { method: 'totp' },
    });
    const [signIn] = await entries('auth.sign_in', id);
    expect(signIn?.details).toMatchObject({ second_factor: 'totp' });
  });

  it('does not let staff turn their second factor off', async () => {
    const { app } = ctx();
    const email = await newStaff();
    const { token } = await enrolStaff(app, email, STAFF_PASSWORD);
    const off = await call(app, 'POST', '/api/v1/account/second-factor/disable/', {
      token,
      body: { password: STAFF_PASSWORD },
    });
    expect(off.statusCode).toBe(403);
    expect(off.json()).toMatchObject({ message: SECOND_FACTOR_MESSAGES.staffMustKeep });
    expect(
      (await call(app, 'GET', '/api/v1/account/second-factor/', { token })).json(),
    ).toMatchObject({ enabled: true, required: true });
  });

  it('locks sign-in after five wrong codes in a row: one answer whichever part is wrong, for 15 minutes', async () => {
    const { app } = ctx();
    const email = await newStaff();
    const { setup, token } = await enrolStaff(app, email, STAFF_PASSWORD);
    const id = await idOf(token);
    ctx().clock.advance(TOTP_STEP_MS);
    const wrongCode = codeNow(app, setup.secret) === '123456' ? '654321' : '123456';
    const { challenge } = challengeOf(await login(app, email, STAFF_PASSWORD));
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect((await secondStep(app, { challenge, code: wrongCode })).statusCode).toBe(400);
    }
    const fifth = await secondStep(app, { challenge, code: wrongCode });
    expect(fifth.statusCode).toBe(429);
    const locked = {
      message: SECOND_FACTOR_MESSAGES.locked,
      detail: SECOND_FACTOR_MESSAGES.locked,
    };
    expect(fifth.json()).toEqual(locked);

    const answers = [
      await secondStep(app, { challenge, code: codeNow(app, setup.secret) }),
      await login(app, email, STAFF_PASSWORD),
      await login(app, email, 'wrong-password'),
      await call(app, 'POST', '/api/v1/auth/email-login/', {
        body: { email, password: 'wrong-password' },
      }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(429);
      expect(answer.json()).toEqual(locked);
      expect(answer.cookies).toEqual([]);
    }
    expect(await entries('auth.sign_in_locked', id)).toHaveLength(1);
    const failures = await entries('auth.sign_in_failed', id);
    expect(failures.filter((entry) => entry.details.reason === 'wrong_code')).toHaveLength(5);
    expect(failures.filter((entry) => entry.details.reason === 'locked')).toHaveLength(3);

    ctx().clock.advance(14 * 60 * 1000);
    expect((await login(app, email, STAFF_PASSWORD)).statusCode).toBe(429);
    ctx().clock.advance(60 * 1000);
    expect((await signInWithCode(app, email, STAFF_PASSWORD, setup.secret)).length).toBeGreaterThan(
      20,
    );
  });

  it('counts only wrong codes in a row: a right one starts the count again', async () => {
    const { app } = ctx();
    const email = await newStaff();
    const { setup } = await enrolStaff(app, email, STAFF_PASSWORD);
    for (let round = 0; round < 2; round += 1) {
      ctx().clock.advance(TOTP_STEP_MS);
      const { challenge } = challengeOf(await login(app, email, STAFF_PASSWORD));
      const wrong = codeNow(app, setup.secret) === '111111' ? '222222' : '111111';
      for (let attempt = 0; attempt < 4; attempt += 1)
        expect((await secondStep(app, { challenge, code: wrong })).statusCode).toBe(400);
      expect(
        (await secondStep(app, { challenge, code: codeNow(app, setup.secret) })).statusCode,
      ).toBe(200);
    }
  });

  it('refuses a challenge once it expired: five minutes for a code; used and expired ones are not kept', async () => {
    const { app } = ctx();
    const email = await newStaff();
    const { setup, token } = await enrolStaff(app, email, STAFF_PASSWORD);
    ctx().clock.advance(TOTP_STEP_MS);
    const { challenge } = challengeOf(await login(app, email, STAFF_PASSWORD));
    ctx().clock.advance(5 * 60 * 1000);
    const late = await secondStep(app, { challenge, code: codeNow(app, setup.secret) });
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ message: SECOND_FACTOR_MESSAGES.challengeExpired });
    challengeOf(await login(app, email, STAFF_PASSWORD));
    const kept = await app.db
      .select()
      .from(secondFactorChallenges)
      .where(eq(secondFactorChallenges.userId, await idOf(token)));
    expect(kept).toHaveLength(1);
  });

  it('resetSecondFactor removes the app and the recovery codes: staff enrol again, a merchant signs in with the password', async () => {
    const { app } = ctx();
    const email = await newStaff();
    const { token, recoveryCodes } = await enrolStaff(app, email, STAFF_PASSWORD);
    expect(await resetSecondFactor(app.db, await idOf(token))).toBe(true);
    expect(await resetSecondFactor(app.db, await idOf(token))).toBe(false);
    const next = challengeOf(await login(app, email, STAFF_PASSWORD));
    expect(next.second_factor).toBe('enrol');
    expect(
      (await secondStep(app, { challenge: next.challenge, recovery_code: recoveryCodes[0] ?? '' }))
        .statusCode,
    ).toBe(401);

    const merchant = await registerOn(app);
    const setup = (
      await call(app, 'POST', '/api/v1/account/second-factor/setup/', { token: merchant.token })
    ).json<{ secret: string }>();
    await call(app, 'POST', '/api/v1/account/second-factor/confirm/', {
      token: merchant.token,
      body: { code: codeNow(app, setup.secret) },
    });
    expect(challengeOf(await login(app, merchant.email, PASSWORD)).second_factor).toBe('totp');
    await resetSecondFactor(app.db, await idOf(merchant.token));
    const plain = await login(app, merchant.email, PASSWORD);
    expect(plain.json<AuthTokens>().token).toBeTruthy();
  });
});
