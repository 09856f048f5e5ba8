import { expect, it } from 'vitest';
import { MESSAGES } from '@cc/contract';
import { call, describeEachDatabase } from './helpers';
import { latest } from './audit-fixtures';
import { softwareAuthenticator } from './passkey-authenticator';
import {
  addedOf,
  addPasskey,
  CONSOLE,
  passkeyLogin,
  passkeysOf,
  STAFF_HEADERS,
  tokenOfSignIn,
} from './passkey-fixtures';
import { firstAdmin, invitedMember, STAFF_PASSWORD, updateMember } from './staff-fixtures';

describeEachDatabase('passkeys: staff add them in the console after enrolling the app', (ctx) => {
  const fromConsole = { headers: STAFF_HEADERS, origin: CONSOLE };

  it('signs a staff member in on the console with their passkey alone, recorded in the audit trail', async () => {
    const { app } = ctx();
    const admin = await firstAdmin(app);
    const member = await invitedMember(app, admin.token);
    const authenticator = softwareAuthenticator();
    const added = addedOf(
      await addPasskey(app, authenticator, {
        token: member.token,
        password: STAFF_PASSWORD,
        name: 'Office key',
        ...fromConsole,
      }),
    );
    expect(
      (await latest(app, admin.token, 'passkey.added', `user:${member.id}`))?.details,
    ).toMatchObject({ passkey_id: added.id, name: 'Office key' });

    const signedIn = await passkeyLogin(app, authenticator, fromConsole);
    const token = tokenOfSignIn(signedIn);
    // The console's own refresh cookie, as after the password and the code.
    expect(signedIn.cookies.some((cookie) => cookie.name === 'cc_refresh_staff_7')).toBe(true);
    expect((await call(app, 'GET', '/api/v1/staff/me/', { token })).json()).toMatchObject({
      id: member.id,
    });
    expect(
      (await latest(app, admin.token, 'auth.sign_in', `user:${member.id}`))?.details,
    ).toMatchObject({ method: 'passkey', second_factor: 'passkey' });

    // The console's sign-in takes an answer from the console's origin only, not a brand's.
    expect(
      (
        await passkeyLogin(app, authenticator, {
          headers: STAFF_HEADERS,
          origin: 'http://localhost:4007',
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await latest(app, admin.token, 'auth.sign_in_failed', `user:${member.id}`))?.details,
    ).toMatchObject({ method: 'passkey', reason: 'passkey_not_verified' });
  });

  it('refuses a disabled staff member their passkey, and a reset of their two-step sign-in removes it', async () => {
    const { app } = ctx();
    const admin = await firstAdmin(app);
    const member = await invitedMember(app, admin.token);
    const authenticator = softwareAuthenticator();
    addedOf(
      await addPasskey(app, authenticator, {
        token: member.token,
        password: STAFF_PASSWORD,
        ...fromConsole,
      }),
    );

    expect((await updateMember(app, admin.token, member.id, { disabled: true })).statusCode).toBe(
      200,
    );
    const refused = await passkeyLogin(app, authenticator, fromConsole);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ message: MESSAGES.invalidCredentials });
    expect(
      (await latest(app, admin.token, 'auth.sign_in_failed', `user:${member.id}`))?.details,
    ).toMatchObject({ reason: 'disabled' });

    expect((await updateMember(app, admin.token, member.id, { disabled: false })).statusCode).toBe(
      200,
    );
    const back = tokenOfSignIn(await passkeyLogin(app, authenticator, fromConsole));
    expect(await passkeysOf(app, back)).toHaveLength(1);
    const reset = await call(app, 'DELETE', `/api/v1/staff/${member.id}/second-factor/`, {
      token: admin.token,
    });
    expect(reset.statusCode).toBe(204);
    expect(
      (await latest(app, admin.token, 'staff.second_factor_reset', `user:${member.id}`))?.details,
    ).toMatchObject({ passkeys_removed: 1 });
    expect((await passkeyLogin(app, authenticator, fromConsole)).statusCode).toBe(401);
  });
});
