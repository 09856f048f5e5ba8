import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { expect, it } from 'vitest';
import { users } from '../src/auth/schema';
import { describeEachDatabase, secondInstance, until } from './helpers';
import { callOn, meStatus, PASSWORD, registerOn, signIn } from './account-fixtures';

describeEachDatabase('sessions with two app instances on one database', (ctx) => {
  const other = secondInstance(ctx);
  const heldChecks = () => other().caches.stats().sessions?.hits ?? 0;

  it('a session signed out on one instance is refused at its next call on the other, which held it live', async () => {
    const { app } = ctx();
    const phone = await registerOn(app);
    const laptop = await signIn(app, phone.email);
    // The second instance checks the phone's session and holds it: its next check is answered from memory.
    expect(await meStatus(other(), phone)).toBe(200);
    const before = heldChecks();
    expect(await meStatus(other(), phone)).toBe(200);
    expect(heldChecks()).toBe(before + 1);

    const sid = String(decodeJwt(phone.token).sid);
    expect(
      (await callOn(app, 'DELETE', `/api/v1/account/sessions/${sid}/`, { token: laptop.token }))
        .statusCode,
    ).toBe(204);
    expect(
      await until(
        () => meStatus(other(), phone),
        (status) => status === 401,
      ),
    ).toBe(401);
    expect(await meStatus(other(), laptop)).toBe(200);
  });

  it('a password change on one instance ends the other sessions on both', async () => {
    const { app } = ctx();
    const here = await registerOn(app);
    const elsewhere = await signIn(app, here.email);
    expect(await meStatus(other(), elsewhere)).toBe(200);
    const changed = await callOn(app, 'POST', '/api/v1/account/password/', {
      token: here.token,
      body: {
        current_password: PASSWORD,
        new_password: 'a-new-secret',
        confirm_password: 'a-new-secret',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(
      await until(
        () => meStatus(other(), elsewhere),
        (status) => status === 401,
      ),
    ).toBe(401);
    expect(await meStatus(other(), here)).toBe(200);
  });

  it("a deleted user's token is refused on the instance that held their session", async () => {
    const { app } = ctx();
    const device = await registerOn(app);
    expect(await meStatus(other(), device)).toBe(200);
    const userId = Number(decodeJwt(device.token).sub);
    await app.db.delete(users).where(eq(users.id, userId));
    expect(
      await until(
        () => meStatus(other(), device),
        (status) => status === 401,
      ),
    ).toBe(401);
  });
});
