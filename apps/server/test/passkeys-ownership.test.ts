import { expect, it } from 'vitest';
import { PASSKEY_MESSAGES } from '@cc/contract';
import { call, describeEachDatabase } from './helpers';
import { PASSWORD, registerOn } from './account-fixtures';
import { softwareAuthenticator } from './passkey-authenticator';
import {
  ACCOUNT_PASSKEYS,
  addedOf,
  addPasskey,
  BRAND_7,
  optionsOf,
  passkeysOf,
} from './passkey-fixtures';

const CALLS = [
  ['GET', ACCOUNT_PASSKEYS],
  ['POST', `${ACCOUNT_PASSKEYS}options/`],
  ['POST', ACCOUNT_PASSKEYS],
  ['PATCH', `${ACCOUNT_PASSKEYS}1/`],
  ['DELETE', `${ACCOUNT_PASSKEYS}1/`],
] as const;

describeEachDatabase("passkeys: each account's own, never another's", (ctx) => {
  it('requires a signed-in user for every account call', async () => {
    for (const [method, url] of CALLS) {
      const response = await call(ctx().app, method, url, {
        body:
          method === 'POST' || method === 'PATCH' ? { password: PASSWORD, name: 'x' } : undefined,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("lists, renames and removes the caller's own passkeys only: another's is not found", async () => {
    const { app } = ctx();
    const alice = await registerOn(app);
    const bob = await registerOn(app);
    const alices = addedOf(
      await addPasskey(app, softwareAuthenticator(), {
        token: alice.token,
        password: PASSWORD,
        name: 'Alice phone',
      }),
    );
    expect(await passkeysOf(app, bob.token)).toEqual([]);
    const rename = await call(app, 'PATCH', `${ACCOUNT_PASSKEYS}${alices.id}/`, {
      token: bob.token,
      body: { name: 'Bob now' },
    });
    expect(rename.statusCode).toBe(404);
    expect(rename.json()).toMatchObject({ message: PASSKEY_MESSAGES.notFound });
    expect(
      (await call(app, 'DELETE', `${ACCOUNT_PASSKEYS}${alices.id}/`, { token: bob.token }))
        .statusCode,
    ).toBe(404);
    expect(await passkeysOf(app, alice.token)).toEqual([alices]);
  });

  it("does not add a passkey over another's options, nor the same passkey to a second account", async () => {
    const { app } = ctx();
    const alice = await registerOn(app);
    const bob = await registerOn(app);
    const authenticator = softwareAuthenticator();
    // Bob sends a passkey made over Alice's options: the challenge is hers, not his.
    const alicesOptions = optionsOf(
      await call(app, 'POST', `${ACCOUNT_PASSKEYS}options/`, {
        token: alice.token,
        body: { password: PASSWORD },
      }),
    );
    const made = authenticator.create(alicesOptions, BRAND_7);
    const crossed = await call(app, 'POST', ACCOUNT_PASSKEYS, {
      token: bob.token,
      body: { name: 'x', credential: made },
    });
    expect(crossed.statusCode).toBe(400);
    expect(await passkeysOf(app, bob.token)).toEqual([]);

    // Alice's passkey, sent again by Bob over his own options, stays hers.
    const first = authenticator.create(
      optionsOf(
        await call(app, 'POST', `${ACCOUNT_PASSKEYS}options/`, {
          token: alice.token,
          body: { password: PASSWORD },
        }),
      ),
      BRAND_7,
    );
    addedOf(
      await call(app, 'POST', ACCOUNT_PASSKEYS, {
        token: alice.token,
        body: { name: 'a', credential: first },
      }),
    );
    const bobsOptions = optionsOf(
      await call(app, 'POST', `${ACCOUNT_PASSKEYS}options/`, {
        token: bob.token,
        body: { password: PASSWORD },
      }),
    );
    const copy = {
      ...first,
      response: {
        ...first.response,
        clientDataJSON: Buffer.from(
          JSON.stringify({
            type: 'webauthn.create',
            challenge: bobsOptions.challenge,
            origin: BRAND_7,
          }),
        ).toString('base64url'),
      },
    };
    expect(
      (
        await call(app, 'POST', ACCOUNT_PASSKEYS, {
          token: bob.token,
          body: { name: 'b', credential: copy },
        })
      ).statusCode,
    ).toBe(409);
    expect(await passkeysOf(app, bob.token)).toEqual([]);
  });
});
