import { expect, it } from 'vitest';
import { STAFF_MESSAGES, type SecondFactorChallenge } from '@cc/contract';
import { latest } from './audit-fixtures';
import { call, describeEachDatabase, register } from './helpers';
import { login } from './second-factor-fixtures';
import { firstAdmin, invitedMember, STAFF_PASSWORD, staffSignIn } from './staff-fixtures';

const resetOf = (app: Parameters<typeof call>[0], token: string | undefined, id: number) =>
  call(app, 'DELETE', `/api/v1/staff/${id}/second-factor/`, { token });

describeEachDatabase("an admin resets a staff member's two-step sign-in", (ctx) => {
  it('the app goes, their sessions end, their next sign-in enrols a new app; the audit names the admin', async () => {
    const { app } = ctx();
    const admin = await firstAdmin(app);
    const reviewer = await invitedMember(app, admin.token, 'reviewer');
    expect(
      (await call(app, 'GET', '/api/v1/staff/me/', { token: reviewer.token })).statusCode,
    ).toBe(200);

    expect((await resetOf(app, admin.token, reviewer.id)).statusCode).toBe(204);

    expect(
      (await call(app, 'GET', '/api/v1/staff/me/', { token: reviewer.token })).statusCode,
    ).toBe(401);
    const next = (await login(app, reviewer.email, STAFF_PASSWORD)).json<SecondFactorChallenge>();
    expect(next.second_factor).toBe('enrol');
    expect(next.setup?.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(
      await latest(app, admin.token, 'staff.second_factor_reset', `user:${reviewer.id}`),
    ).toMatchObject({
      actor_user_id: admin.id,
      actor_role: 'staff',
    });
  });

  it("refuses a reviewer (403), a merchant (403), no token (401), a merchant's id (404) and one's own (409); nothing changes", async () => {
    const { app } = ctx();
    const admin = await firstAdmin(app);
    const reviewer = await invitedMember(app, admin.token, 'reviewer');
    const merchant = await register(app);
    const merchantId = (
      await call(app, 'GET', '/api/v1/auth/me/', { token: merchant.token })
    ).json<{ id: number }>().id;

    expect((await resetOf(app, reviewer.token, admin.id)).statusCode).toBe(403);
    expect((await resetOf(app, merchant.token, reviewer.id)).statusCode).toBe(403);
    expect((await resetOf(app, undefined, reviewer.id)).statusCode).toBe(401);
    expect((await resetOf(app, admin.token, merchantId)).statusCode).toBe(404);
    const own = await resetOf(app, admin.token, admin.id);
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ detail: STAFF_MESSAGES.ownSecondFactor });

    // Both still sign in with the apps they enrolled.
    await expect(staffSignIn(app, reviewer.email)).resolves.toMatchObject({ id: reviewer.id });
    await expect(staffSignIn(app, admin.email)).resolves.toMatchObject({ id: admin.id });
  });
});
