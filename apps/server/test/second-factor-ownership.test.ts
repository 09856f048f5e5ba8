import { expect, it } from 'vitest';
import type { SecondFactorStatus, TotpSetup } from '@cc/contract';
import { call, describeEachDatabase } from './helpers';
import { PASSWORD, registerOn } from './account-fixtures';
import { challengeOf, codeNow, login, secondStep } from './second-factor-fixtures';

const BASE = '/api/v1/account/second-factor/';
const CALLS = [
  ['GET', BASE],
  ['POST', `${BASE}setup/`],
  ['POST', `${BASE}confirm/`],
  ['POST', `${BASE}recovery-codes/`],
  ['POST', `${BASE}disable/`],
] as const;

describeEachDatabase("two-step sign-in: each account's own, never another's", (ctx) => {
  it('requires a signed-in user for every account call', async () => {
    for (const [method, url] of CALLS) {
      const response = await call(ctx().app, method, url, {
        body: method === 'POST' ? { code: '123456', password: PASSWORD } : undefined,
      });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it("acts on the caller's own account only: another's set-up, code, password and challenge do nothing", async () => {
    const { app } = ctx();
    const alice = await registerOn(app);
    const bob = await registerOn(app);
    const setup = (
      await call(app, 'POST', `${BASE}setup/`, { token: alice.token })
    ).json<TotpSetup>();
    // Bob cannot confirm Alice's set-up with her app's code: he has none waiting.
    expect(
      (
        await call(app, 'POST', `${BASE}confirm/`, {
          token: bob.token,
          body: { code: codeNow(app, setup.secret) },
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await call(app, 'POST', `${BASE}confirm/`, {
          token: alice.token,
          body: { code: codeNow(app, setup.secret) },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await call(app, 'GET', BASE, { token: bob.token })).json<SecondFactorStatus>().enabled,
    ).toBe(false);
    // Bob, signed in, cannot turn off or renew Alice's: his calls reach his own account, which has none.
    for (const url of [`${BASE}disable/`, `${BASE}recovery-codes/`]) {
      expect(
        (await call(app, 'POST', url, { token: bob.token, body: { password: PASSWORD } }))
          .statusCode,
      ).toBe(409);
    }
    expect(
      (await call(app, 'GET', BASE, { token: alice.token })).json<SecondFactorStatus>(),
    ).toMatchObject({ enabled: true, recovery_codes_left: 10 });

    // A challenge is its own account's: Alice's code does not answer Bob's, nor Bob's password hers.
    const bobSetup = (
      await call(app, 'POST', `${BASE}setup/`, { token: bob.token })
    ).json<TotpSetup>();
    ctx().clock.advance(30_000);
    await call(app, 'POST', `${BASE}confirm/`, {
      token: bob.token,
      body: { code: codeNow(app, bobSetup.secret) },
    });
    ctx().clock.advance(30_000);
    const bobs = challengeOf(await login(app, bob.email, PASSWORD));
    if (codeNow(app, setup.secret) !== codeNow(app, bobSetup.secret)) {
      expect(
        (await secondStep(app, { challenge: bobs.challenge, code: codeNow(app, setup.secret) }))
          .statusCode,
      ).toBe(400);
    }
    expect((await login(app, alice.email, 'not-alices-1')).statusCode).toBe(401);
  });
});
