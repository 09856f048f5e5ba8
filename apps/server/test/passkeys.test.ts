import { expect, it } from 'vitest';
import { PASSKEY_MESSAGES, type AccountSession } from '@cc/contract';
import { call, describeEachDatabase } from './helpers';
import { PASSWORD, registerOn } from './account-fixtures';
import { softwareAuthenticator } from './passkey-authenticator';
import {
  ACCOUNT_PASSKEYS,
  addedOf,
  addPasskey,
  BRAND_7,
  loginOptions,
  optionsOf,
  PASSKEY_LOGIN,
  passkeyLogin,
  passkeysOf,
  tokenOfSignIn,
} from './passkey-fixtures';

describeEachDatabase(
  'passkeys: a merchant adds one and signs in with it, without a password',
  (ctx) => {
    it('adds a passkey after the password, lists it, and signs in with it alone into a session like the password gives', async () => {
      const { app } = ctx();
      const merchant = await registerOn(app);
      const authenticator = softwareAuthenticator();
      const wrong = await call(app, 'POST', `${ACCOUNT_PASSKEYS}options/`, {
        token: merchant.token,
        body: { password: 'not-the-password' },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ password: [PASSKEY_MESSAGES.wrongPassword] });

      const added = addedOf(
        await addPasskey(app, authenticator, {
          token: merchant.token,
          password: PASSWORD,
          name: ' Work laptop ',
        }),
      );
      expect(added).toMatchObject({
        name: 'Work laptop',
        created_at: app.clock.now().toISOString(),
        last_used_at: null,
      });
      expect(await passkeysOf(app, merchant.token)).toEqual([added]);

      ctx().clock.advance(60_000);
      const signedIn = await passkeyLogin(app, authenticator);
      const token = tokenOfSignIn(signedIn);
      expect(signedIn.json()).not.toHaveProperty('refresh');
      expect(
        signedIn.cookies.some((cookie) => cookie.name === 'cc_refresh_7' && cookie.httpOnly),
      ).toBe(true);
      const me = await call(app, 'GET', '/api/v1/auth/me/', { token });
      expect(me.json()).toMatchObject({ email: merchant.email });
      const sessions = (await call(app, 'GET', '/api/v1/account/sessions/', { token })).json<
        AccountSession[]
      >();
      expect(sessions).toHaveLength(2);
      expect((await passkeysOf(app, token))[0]?.last_used_at).toBe(app.clock.now().toISOString());

      const activity = await call(app, 'GET', '/api/v1/account/activity/', { token });
      const actions = activity.json<{ action: string }[]>().map((entry) => entry.action);
      expect(actions.slice(0, 2)).toEqual(['auth.sign_in', 'passkey.added']);
    });

    it('renames and removes its own passkey; a removed passkey signs in no more', async () => {
      const { app } = ctx();
      const merchant = await registerOn(app);
      const authenticator = softwareAuthenticator();
      const added = addedOf(
        await addPasskey(app, authenticator, { token: merchant.token, password: PASSWORD }),
      );
      const renamed = await call(app, 'PATCH', `${ACCOUNT_PASSKEYS}${added.id}/`, {
        token: merchant.token,
        body: { name: 'Phone' },
      });
      expect(renamed.json()).toMatchObject({ id: added.id, name: 'Phone' });
      const blank = await call(app, 'PATCH', `${ACCOUNT_PASSKEYS}${added.id}/`, {
        token: merchant.token,
        body: { name: '  ' },
      });
      expect(blank.json()).toEqual({ name: [PASSKEY_MESSAGES.nameRequired] });
      expect(
        (await call(app, 'DELETE', `${ACCOUNT_PASSKEYS}${added.id}/`, { token: merchant.token }))
          .statusCode,
      ).toBe(204);
      expect(await passkeysOf(app, merchant.token)).toEqual([]);
      const refused = await passkeyLogin(app, authenticator);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ message: PASSKEY_MESSAGES.notRecognised });
    });

    it('refuses a passkey made or used on another origin or relying party', async () => {
      const { app } = ctx();
      const merchant = await registerOn(app);
      const authenticator = softwareAuthenticator();
      // Made on a site that is not this brand's: the origin the settings name does not match.
      const elsewhere = await addPasskey(app, authenticator, {
        token: merchant.token,
        password: PASSWORD,
        origin: 'https://evil.example',
      });
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json()).toEqual({ credential: [PASSKEY_MESSAGES.failed] });
      // Brand 8's origin is not brand 7's.
      expect(
        (
          await addPasskey(app, authenticator, {
            token: merchant.token,
            password: PASSWORD,
            origin: 'http://localhost:4008',
          })
        ).statusCode,
      ).toBe(400);
      // The right origin, but the authenticator signed for another relying party.
      const options = optionsOf(
        await call(app, 'POST', `${ACCOUNT_PASSKEYS}options/`, {
          token: merchant.token,
          body: { password: PASSWORD },
        }),
      );
      const otherRp = authenticator.create(options, BRAND_7, 'evil.example');
      expect(
        (
          await call(app, 'POST', ACCOUNT_PASSKEYS, {
            token: merchant.token,
            body: { name: 'x', credential: otherRp },
          })
        ).statusCode,
      ).toBe(400);
      expect(await passkeysOf(app, merchant.token)).toEqual([]);

      addedOf(await addPasskey(app, authenticator, { token: merchant.token, password: PASSWORD }));
      expect(
        (await passkeyLogin(app, authenticator, { origin: 'https://evil.example' })).statusCode,
      ).toBe(401);
      const request = await loginOptions(app);
      const wrongRp = authenticator.get(request, BRAND_7, { rpId: 'evil.example' });
      expect(
        (await call(app, 'POST', PASSKEY_LOGIN, { body: { credential: wrongRp } })).statusCode,
      ).toBe(401);
      // A passkey of brand 7's account does not sign in on brand 8.
      const brand8 = await passkeyLogin(app, authenticator, {
        headers: { 'x-site-key': '8' },
        origin: 'http://localhost:4008',
      });
      expect(brand8.statusCode).toBe(401);
    });

    it('uses each challenge once and only while it lasts', async () => {
      const { app } = ctx();
      const merchant = await registerOn(app);
      const authenticator = softwareAuthenticator();
      addedOf(await addPasskey(app, authenticator, { token: merchant.token, password: PASSWORD }));
      const options = await loginOptions(app);
      const credential = authenticator.get(options, BRAND_7);
      expect((await call(app, 'POST', PASSKEY_LOGIN, { body: { credential } })).statusCode).toBe(
        200,
      );
      const replay = await call(app, 'POST', PASSKEY_LOGIN, { body: { credential } });
      expect(replay.statusCode).toBe(400);
      expect(replay.json()).toEqual({ credential: [PASSKEY_MESSAGES.challengeExpired] });

      const late = await loginOptions(app);
      ctx().clock.advance(5 * 60 * 1000);
      const expired = await call(app, 'POST', PASSKEY_LOGIN, {
        body: { credential: authenticator.get(late, BRAND_7) },
      });
      expect(expired.json()).toEqual({ credential: [PASSKEY_MESSAGES.challengeExpired] });
    });

    it('refuses a signature counter that did not grow, and accepts an authenticator that keeps none', async () => {
      const { app } = ctx();
      const merchant = await registerOn(app);
      const authenticator = softwareAuthenticator();
      addedOf(await addPasskey(app, authenticator, { token: merchant.token, password: PASSWORD }));
      expect((await passkeyLogin(app, authenticator)).statusCode).toBe(200);
      const options = await loginOptions(app);
      // A copy of the authenticator answers with the counter the server has already seen.
      const cloned = await call(app, 'POST', PASSKEY_LOGIN, {
        body: { credential: authenticator.get(options, BRAND_7, { counter: 1 }) },
      });
      expect(cloned.statusCode).toBe(401);
      expect(cloned.json()).toMatchObject({ message: PASSKEY_MESSAGES.failed });

      const noCounter = softwareAuthenticator({ countsSignatures: false });
      const other = await registerOn(app);
      addedOf(await addPasskey(app, noCounter, { token: other.token, password: PASSWORD }));
      expect((await passkeyLogin(app, noCounter)).statusCode).toBe(200);
      expect((await passkeyLogin(app, noCounter)).statusCode).toBe(200);
    });

    it('signs in without a password only when the authenticator verified the user', async () => {
      const { app } = ctx();
      const merchant = await registerOn(app);
      const presenceOnly = softwareAuthenticator({ verifiesUser: false });
      // A passkey is made with user verification required.
      expect(
        (await addPasskey(app, presenceOnly, { token: merchant.token, password: PASSWORD }))
          .statusCode,
      ).toBe(400);
    });
  },
);
