import { expect, it } from 'vitest';
import { refreshStatus } from './account-fixtures';
import { call, describeEachDatabase, secondInstance, until } from './helpers';
import { firstAdmin, invitedMember, updateMember, type StaffSignIn } from './staff-fixtures';

const QUEUE = '/api/v1/review/stores/';

describeEachDatabase('staff changes with two app instances on one database', (ctx) => {
  const other = secondInstance(ctx);
  let admin: StaffSignIn;
  const setUp = async () => (admin ??= await firstAdmin(ctx().app));
  const statusOn = async (instance: ReturnType<typeof other>, token: string, url = QUEUE) =>
    (await call(instance, 'GET', url, { token })).statusCode;

  it('a member disabled on one instance is refused at their next call on the other, which held their session live', async () => {
    const { app } = ctx();
    await setUp();
    const member = await invitedMember(app, admin.token);
    // The second instance checks the session twice: the second answer comes from what it holds.
    expect(await statusOn(other(), member.token)).toBe(200);
    const before = other().caches.stats().sessions?.hits ?? 0;
    expect(await statusOn(other(), member.token)).toBe(200);
    expect(other().caches.stats().sessions?.hits ?? 0).toBe(before + 1);

    expect((await updateMember(app, admin.token, member.id, { disabled: true })).statusCode).toBe(
      200,
    );
    expect(
      await until(
        () => statusOn(other(), member.token),
        (status) => status === 401,
      ),
    ).toBe(401);
    expect(await statusOn(app, member.token)).toBe(401);
    expect(await refreshStatus(other(), member)).toBe(401);
  });

  it('a member removed on the second instance is refused on the first', async () => {
    const { app } = ctx();
    await setUp();
    const member = await invitedMember(app, admin.token);
    expect(await statusOn(app, member.token)).toBe(200);
    expect(
      (await call(other(), 'DELETE', `/api/v1/staff/${member.id}/`, { token: admin.token }))
        .statusCode,
    ).toBe(204);
    expect(
      await until(
        () => statusOn(app, member.token),
        (status) => status === 401,
      ),
    ).toBe(401);
  });

  it('an admin made a reviewer on one instance loses the Staff screen on the other', async () => {
    const { app } = ctx();
    await setUp();
    const member = await invitedMember(app, admin.token, 'admin');
    expect(await statusOn(other(), member.token, '/api/v1/staff/')).toBe(200);
    expect((await updateMember(app, admin.token, member.id, { role: 'reviewer' })).statusCode).toBe(
      200,
    );
    expect(
      await until(
        () => statusOn(other(), member.token, '/api/v1/staff/'),
        (status) => status === 403,
      ),
    ).toBe(403);
    expect(await statusOn(other(), member.token)).toBe(200);
  });
});
