import { expect, it } from 'vitest';
import {
  PASSKEY_MESSAGES,
  SECOND_FACTOR_MESSAGES,
  type PasskeyOptions,
  type TotpSetup,
} from '@cc/contract';
import { call, describeEachDatabase } from './helpers';
import { PASSWORD, registerOn } from './account-fixtures';
import { softwareAuthenticator, type SoftwareAuthenticator } from './passkey-authenticator';
import {
  addedOf,
  addPasskey,
  BRAND_7,
  optionsOf,
  PASSKEY_SECOND_STEP,
  tokenOfSignIn,
} from './passkey-fixtures';
import { challengeOf, codeNow, login, secondStep, TOTP_STEP_MS } from './second-factor-fixtures';

const OPTIONS = '/api/v1/auth/second-factor/passkey-options/';

describeEachDatabase('passkeys: in place of the code at the second step', (ctx) => {
  /** A merchant with two-step sign-in on, and (unless told) a passkey. */
  async function merchantWithTotp(withPasskey = true) {
    const { app } = ctx();
    const merchant = await registerOn(app);
    const setup = (
      await call(app, 'POST', '/api/v1/account/second-factor/setup/', { token: merchant.token })
    ).json<TotpSetup>();
    await call(app, 'POST', '/api/v1/account/second-factor/confirm/', {
      token: merchant.token,
      body: { code: codeNow(app, setup.secret) },
    });
    const authenticator = softwareAuthenticator();
    if (withPasskey)
      addedOf(await addPasskey(app, authenticator, { token: merchant.token, password: PASSWORD }));
    ctx().clock.advance(TOTP_STEP_MS);
    return { ...merchant, secret: setup.secret, authenticator };
  }
  const optionsFor = async (challenge: string): Promise<PasskeyOptions> =>
    optionsOf(await call(ctx().app, 'POST', OPTIONS, { body: { challenge } }));
  const answer = (
    challenge: string,
    authenticator: SoftwareAuthenticator,
    options: PasskeyOptions,
  ) =>
    call(ctx().app, 'POST', PASSKEY_SECOND_STEP, {
      body: { challenge, credential: authenticator.get(options, BRAND_7) },
    });

  it('offers the passkey with the challenge and signs in with it instead of the code, once', async () => {
    const { app } = ctx();
    const merchant = await merchantWithTotp();
    const challenge = challengeOf(await login(app, merchant.email, PASSWORD));
    expect(challenge).toMatchObject({ second_factor: 'totp', passkey: true });
    const options = await optionsFor(challenge.challenge);
    expect((options as { allowCredentials?: unknown[] }).allowCredentials).toHaveLength(1);
    const signedIn = await answer(challenge.challenge, merchant.authenticator, options);
    const token = tokenOfSignIn(signedIn);
    expect((await call(app, 'GET', '/api/v1/auth/me/', { token })).json()).toMatchObject({
      email: merchant.email,
    });
    // The challenge is used: neither the code nor the passkey answers it again.
    expect(
      (
        await secondStep(app, {
          challenge: challenge.challenge,
          code: codeNow(app, merchant.secret),
        })
      ).statusCode,
    ).toBe(401);
    const again = await call(app, 'POST', OPTIONS, { body: { challenge: challenge.challenge } });
    expect(again.json()).toMatchObject({ message: SECOND_FACTOR_MESSAGES.challengeExpired });
  });

  it("says no passkey to an account without one, and refuses another account's passkey", async () => {
    const { app } = ctx();
    const alice = await merchantWithTotp(false);
    const bob = await merchantWithTotp();
    const alices = challengeOf(await login(app, alice.email, PASSWORD));
    expect(alices.passkey).toBe(false);
    expect(
      (await call(app, 'POST', OPTIONS, { body: { challenge: alices.challenge } })).statusCode,
    ).toBe(409);

    // Bob's passkey, over options for Bob's own sign-in, sent with Alice's challenge.
    const bobs = challengeOf(await login(app, bob.email, PASSWORD));
    const options = await optionsFor(bobs.challenge);
    const crossed = await answer(alices.challenge, bob.authenticator, options);
    expect(crossed.statusCode).toBe(401);
    // Alice's challenge still takes her code.
    expect(
      (await secondStep(app, { challenge: alices.challenge, code: codeNow(app, alice.secret) }))
        .statusCode,
    ).toBe(200);

    // Options for Bob's sign-in that Carol's passkey answers are refused too.
    const carol = await merchantWithTotp();
    const bobsAgain = challengeOf(await login(app, bob.email, PASSWORD));
    const refused = await answer(
      bobsAgain.challenge,
      carol.authenticator,
      await optionsFor(bobsAgain.challenge),
    );
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ message: PASSKEY_MESSAGES.failed });
  });

  it('accepts a passkey without user verification as the second step (the password was the first)', async () => {
    const { app } = ctx();
    const merchant = await merchantWithTotp();
    const presenceOnly = softwareAuthenticator({ verifiesUser: false });
    const stored = merchant.authenticator.credentials[0];
    if (!stored) throw new Error('no passkey');
    presenceOnly.credentials.push(stored);
    const challenge = challengeOf(await login(app, merchant.email, PASSWORD));
    expect(
      (await answer(challenge.challenge, presenceOnly, await optionsFor(challenge.challenge)))
        .statusCode,
    ).toBe(200);
  });
});
