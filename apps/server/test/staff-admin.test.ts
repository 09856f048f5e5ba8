import { expect, it } from 'vitest';
import { STAFF_MESSAGES, type StaffMember } from '@cc/contract';
import { refreshStatus } from './account-fixtures';
import { from, latest } from './audit-fixtures';
import { call, describeEachDatabase, register } from './helpers';
import {
  firstAdmin,
  invitedMember,
  memberOf,
  signInStatus,
  staffSignIn,
  updateMember,
  type StaffSignIn,
} from './staff-fixtures';

const status = async (app: Parameters<typeof call>[0], token: string, url: string) =>
  (await call(app, 'GET', url, { token })).statusCode;

describeEachDatabase('staff roles: the last active admin', (ctx) => {
  it('cannot be made a reviewer, disabled or removed (a clear 409); with a second admin it can', async () => {
    const { app } = ctx();
    const admin = await firstAdmin(app);
    for (const refused of [
      await updateMember(app, admin.token, admin.id, { role: 'reviewer' }),
      await updateMember(app, admin.token, admin.id, { disabled: true }),
      await call(app, 'DELETE', `/api/v1/staff/${admin.id}/`, { token: admin.token }),
    ]) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ message: string }>().message).toBe(STAFF_MESSAGES.lastAdmin);
    }
    expect(await memberOf(app, admin.token, admin.email)).toMatchObject({
      role: 'admin',
      status: 'active',
      is_you: true,
    });

    // A disabled admin does not count: the only active one still cannot go.
    const other = await invitedMember(app, admin.token, 'admin');
    expect((await updateMember(app, admin.token, other.id, { disabled: true })).statusCode).toBe(
      200,
    );
    expect((await updateMember(app, admin.token, admin.id, { role: 'reviewer' })).statusCode).toBe(
      409,
    );
    expect((await updateMember(app, admin.token, other.id, { disabled: false })).statusCode).toBe(
      200,
    );
    const again = await staffSignIn(app, other.email);
    const demoted = await updateMember(app, again.token, admin.id, { role: 'reviewer' });
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json<StaffMember>()).toMatchObject({ role: 'reviewer', status: 'active' });
  });
});

describeEachDatabase('staff roles: admins manage staff', (ctx) => {
  let admin: StaffSignIn;
  const setUp = async () => (admin ??= await firstAdmin(ctx().app));

  it('a role change applies at the member’s next call: a reviewer made admin reaches the Staff screen, and back', async () => {
    const { app } = ctx();
    await setUp();
    const member = await invitedMember(app, admin.token, 'reviewer');
    expect(await status(app, member.token, '/api/v1/staff/')).toBe(403);
    expect(await status(app, member.token, '/api/v1/audit/')).toBe(403);
    expect(
      (await updateMember(app, admin.token, member.id, { role: 'admin' })).json(),
    ).toMatchObject({ role: 'admin' });
    expect(await status(app, member.token, '/api/v1/staff/')).toBe(200);
    expect(await status(app, member.token, '/api/v1/audit/')).toBe(200);
    expect((await updateMember(app, admin.token, member.id, { role: 'reviewer' })).statusCode).toBe(
      200,
    );
    expect(await status(app, member.token, '/api/v1/staff/')).toBe(403);
    expect(await status(app, member.token, '/api/v1/review/stores/')).toBe(200);
  });

  it('disabling ends the member’s sessions at once and refuses their sign-in until re-enabled', async () => {
    const { app } = ctx();
    await setUp();
    const member = await invitedMember(app, admin.token);
    const secondDevice = await staffSignIn(app, member.email);
    const disabled = await updateMember(app, admin.token, member.id, { disabled: true });
    expect(disabled.json()).toMatchObject({ id: member.id, status: 'disabled' });
    for (const device of [member, secondDevice]) {
      expect(await status(app, device.token, '/api/v1/review/stores/')).toBe(401);
      expect(await refreshStatus(app, device)).toBe(401);
    }
    expect(await signInStatus(app, member.email)).toBe(401);

    expect(
      (await updateMember(app, admin.token, member.id, { disabled: false })).json(),
    ).toMatchObject({ status: 'active' });
    expect(await status(app, member.token, '/api/v1/review/stores/')).toBe(401);
    const back = await staffSignIn(app, member.email);
    expect(await status(app, back.token, '/api/v1/review/stores/')).toBe(200);
  });

  it('removing deletes the account: its sessions end, its sign-in is refused, it leaves the list', async () => {
    const { app } = ctx();
    await setUp();
    const member = await invitedMember(app, admin.token);
    expect(
      (await call(app, 'DELETE', `/api/v1/staff/${member.id}/`, { token: admin.token })).statusCode,
    ).toBe(204);
    expect(await status(app, member.token, '/api/v1/review/stores/')).toBe(401);
    expect(await signInStatus(app, member.email)).toBe(401);
    expect(await memberOf(app, admin.token, member.email)).toBeUndefined();
    expect(
      (await call(app, 'DELETE', `/api/v1/staff/${member.id}/`, { token: admin.token })).statusCode,
    ).toBe(404);
  });

  it('a merchant’s id is not staff: 404, and an empty change is a 400', async () => {
    const { app } = ctx();
    await setUp();
    const merchant = await register(app);
    const merchantId = (
      await call(app, 'GET', '/api/v1/auth/me/', { token: merchant.token })
    ).json<{ id: number }>().id;
    expect((await updateMember(app, admin.token, merchantId, { disabled: true })).statusCode).toBe(
      404,
    );
    expect(
      (await call(app, 'DELETE', `/api/v1/staff/${merchantId}/`, { token: admin.token }))
        .statusCode,
    ).toBe(404);
    expect(await status(app, merchant.token, '/api/v1/auth/me/')).toBe(200);
    expect((await updateMember(app, admin.token, admin.id, {})).statusCode).toBe(400);
  });

  it('records every staff change in the audit trail: the admin, the member and the address it came from', async () => {
    const { app } = ctx();
    await setUp();
    const ip = '198.51.100.23';
    const member = await invitedMember(app, admin.token);
    const target = `user:${member.id}`;
    const joined = await latest(app, admin.token, 'staff.joined', target);
    expect(joined).toMatchObject({
      actor_user_id: member.id,
      actor_role: 'staff',
      details: { email: member.email, role: 'reviewer' },
    });

    const patch = (body: object) =>
      from(app, ip, {
        method: 'PATCH',
        url: `/api/v1/staff/${member.id}/`,
        token: admin.token,
        body,
      });
    expect((await patch({ role: 'admin' })).statusCode).toBe(200);
    expect((await patch({ disabled: true })).statusCode).toBe(200);
    expect((await patch({ disabled: false })).statusCode).toBe(200);
    const removed = await from(app, ip, {
      method: 'DELETE',
      url: `/api/v1/staff/${member.id}/`,
      token: admin.token,
    });
    expect(removed.statusCode).toBe(204);

    const expected = {
      actor_user_id: admin.id,
      actor_email: admin.email,
      actor_role: 'staff',
      target_type: 'user',
      target_id: String(member.id),
      ip,
    };
    expect(await latest(app, admin.token, 'staff.role_changed', target)).toMatchObject({
      ...expected,
      details: { email: member.email, from: 'reviewer', to: 'admin' },
    });
    expect(await latest(app, admin.token, 'staff.disabled', target)).toMatchObject({
      ...expected,
      details: { email: member.email },
    });
    expect(await latest(app, admin.token, 'staff.enabled', target)).toMatchObject(expected);
    expect(await latest(app, admin.token, 'staff.removed', target)).toMatchObject({
      ...expected,
      details: { email: member.email, role: 'admin' },
    });

    const invited = await from(app, ip, {
      method: 'POST',
      url: '/api/v1/staff/invitations/',
      token: admin.token,
      body: { email: 'new.reviewer@example.com', role: 'reviewer' },
    });
    const invitation = invited.json<{ id: number }>().id;
    expect(
      await latest(app, admin.token, 'staff.invited', `staff_invitation:${invitation}`),
    ).toMatchObject({
      actor_user_id: admin.id,
      ip,
      details: { email: 'new.reviewer@example.com', role: 'reviewer' },
    });
  });
});
