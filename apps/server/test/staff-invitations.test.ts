import { expect, it } from 'vitest';
import { MESSAGES, STAFF_MESSAGES, type StaffInvitation } from '@cc/contract';
import { staffInvitations } from '../src/auth/schema';
import { hashToken } from '../src/core/platform/secrets';
import { mailsTo } from './account-fixtures';
import { call, describeEachDatabase, register, uniqueEmail } from './helpers';
import {
  accept,
  firstAdmin,
  invitationOf,
  invitationToken,
  invite,
  memberOf,
  signInStatus,
  staffSignIn,
  type StaffSignIn,
} from './staff-fixtures';

const HOUR_MS = 3_600_000;
const lookup = (ctx: Parameters<typeof call>[0], token: string) =>
  call(ctx, 'POST', '/api/v1/staff/invitations/lookup/', { body: { token } });

describeEachDatabase('staff invitations', (ctx) => {
  let admin: StaffSignIn;
  // The admin signs in afresh for each test: one test moves the clock past their access token.
  const setUp = async () =>
    (admin = admin ? await staffSignIn(ctx().app, admin.email) : await firstAdmin(ctx().app));

  it('an admin invites by email: a mail with a one-use link to the console, valid 72 hours, listed as pending', async () => {
    const { app, clock } = ctx();
    await setUp();
    const email = uniqueEmail('reviewer');
    const invited = await invite(app, admin.token, email.toUpperCase(), 'reviewer');
    expect(invited.statusCode).toBe(201);
    const body = invited.json<StaffInvitation>();
    expect(body).toMatchObject({
      email,
      role: 'reviewer',
      status: 'pending',
      invited_by: admin.email,
    });
    expect(Date.parse(body.expires_at) - clock.now().getTime()).toBe(72 * HOUR_MS);

    const [mail] = await mailsTo(app, email);
    expect(mail?.kind).toBe('staff_invitation');
    expect(mail?.subject).toMatch(/staff console/);
    expect(mail?.links[0]).toMatch(
      /^http:\/\/localhost:4000\/review\/accept-invitation\?token=[A-Za-z0-9_-]{43}$/,
    );
    expect(await invitationOf(app, admin.token, email)).toMatchObject({
      status: 'pending',
      role: 'reviewer',
      invited_by: admin.email,
    });
    // Stored hashed: the link's token is nowhere in the table.
    const token = await invitationToken(app, email);
    const rows = await app.db.select({ hash: staffInvitations.tokenHash }).from(staffInvitations);
    expect(rows.map((row) => row.hash)).toContain(hashToken(token));
    expect(rows.map((row) => row.hash)).not.toContain(token);
  });

  it('the link sets a password under the spec’s rules, creates the account once, and the member signs in', async () => {
    const { app } = ctx();
    await setUp();
    const email = uniqueEmail('reviewer');
    await invite(app, admin.token, email);
    const token = await invitationToken(app, email);
    expect((await lookup(app, token)).json()).toEqual({ email, role: 'reviewer' });

    expect((await accept(app, token, 'short')).json()).toEqual({
      password: [MESSAGES.passwordTooShort],
    });
    expect((await accept(app, token, 'password1')).json()).toEqual({
      password: [MESSAGES.passwordTooCommon],
    });
    expect((await accept(app, token, 'staff-secret-42', 'staff-secret-43')).json()).toEqual({
      confirm_password: [MESSAGES.passwordsDontMatch],
    });
    // None of the refusals used the link up.
    const accepted = await accept(app, token);
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toEqual({ message: STAFF_MESSAGES.accountCreated });

    const again = await accept(app, token, 'another-secret-9');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ token: [STAFF_MESSAGES.invitationExpired] });
    expect((await lookup(app, token)).json()).toEqual({
      token: [STAFF_MESSAGES.invitationExpired],
    });
    expect(await signInStatus(app, email, 'another-secret-9')).toBe(401);

    const member = await staffSignIn(app, email);
    expect((await call(app, 'GET', '/api/v1/staff/me/', { token: member.token })).json()).toEqual({
      id: member.id,
      email,
      role: 'reviewer',
    });
    expect(
      (await call(app, 'GET', '/api/v1/review/stores/', { token: member.token })).statusCode,
    ).toBe(200);
    const listed = await memberOf(app, admin.token, email);
    expect(listed).toMatchObject({
      id: member.id,
      role: 'reviewer',
      status: 'active',
      is_you: false,
    });
    expect(listed?.invited_at).not.toBeNull();
    expect(await invitationOf(app, admin.token, email)).toBeUndefined();
  });

  it('a link expires 72 hours after it was sent and is then listed as expired', async () => {
    const { app, clock } = ctx();
    await setUp();
    const email = uniqueEmail('late');
    await invite(app, admin.token, email);
    const token = await invitationToken(app, email);
    clock.advance(72 * HOUR_MS - 60_000);
    expect((await lookup(app, token)).statusCode).toBe(200);
    clock.advance(60_000);
    expect((await lookup(app, token)).json()).toEqual({
      token: [STAFF_MESSAGES.invitationExpired],
    });
    expect((await accept(app, token)).json()).toEqual({
      token: [STAFF_MESSAGES.invitationExpired],
    });
    await setUp();
    expect((await invitationOf(app, admin.token, email))?.status).toBe('expired');
    expect(await signInStatus(app, email)).toBe(401);
  });

  it('inviting an address again replaces its invitation: the first link stops working, the new role counts', async () => {
    const { app } = ctx();
    await setUp();
    const email = uniqueEmail('twice');
    await invite(app, admin.token, email, 'reviewer');
    const first = await invitationToken(app, email);
    expect((await invite(app, admin.token, email, 'admin')).statusCode).toBe(201);
    const second = await invitationToken(app, email);
    expect(second).not.toBe(first);
    expect((await accept(app, first)).statusCode).toBe(400);
    expect((await invitationOf(app, admin.token, email))?.role).toBe('admin');
    expect((await accept(app, second)).statusCode).toBe(201);
    const member = await staffSignIn(app, email);
    expect(
      (await call(app, 'GET', '/api/v1/staff/me/', { token: member.token })).json(),
    ).toMatchObject({ role: 'admin' });
  });

  it('refuses an address that is already staff or a merchant (at invitation or at acceptance), and a malformed one, with field errors', async () => {
    const { app } = ctx();
    await setUp();
    expect((await invite(app, admin.token, admin.email)).json()).toEqual({
      email: [STAFF_MESSAGES.alreadyStaff],
    });
    const merchant = uniqueEmail();
    await register(app, merchant);
    expect((await invite(app, admin.token, merchant)).json()).toEqual({
      email: [STAFF_MESSAGES.merchantAccount],
    });
    expect((await invite(app, admin.token, 'not-an-address')).json()).toEqual({
      email: [MESSAGES.invalidEmail],
    });
    expect((await invite(app, admin.token, '  ')).json()).toEqual({ email: [MESSAGES.required] });
    // A merchant account made on the address after the invitation: the link is refused, and stays unused.
    const late = uniqueEmail();
    await invite(app, admin.token, late);
    await register(app, late);
    expect((await accept(app, await invitationToken(app, late))).json()).toEqual({
      token: [STAFF_MESSAGES.merchantAccount],
    });
    expect(await invitationOf(app, admin.token, late)).toMatchObject({ status: 'pending' });
    const badRole = await call(app, 'POST', '/api/v1/staff/invitations/', {
      token: admin.token,
      body: { email: uniqueEmail(), role: 'owner' },
    });
    expect(badRole.statusCode).toBe(400);
    expect(Object.keys(badRole.json<Record<string, unknown>>())).toEqual(['role']);
  });

  it('an admin withdraws a pending invitation: its link stops working', async () => {
    const { app } = ctx();
    await setUp();
    const email = uniqueEmail('withdrawn');
    const id = (await invite(app, admin.token, email)).json<StaffInvitation>().id;
    const token = await invitationToken(app, email);
    expect(
      (await call(app, 'DELETE', `/api/v1/staff/invitations/${id}/`, { token: admin.token }))
        .statusCode,
    ).toBe(204);
    expect((await accept(app, token)).statusCode).toBe(400);
    expect(
      (await call(app, 'DELETE', `/api/v1/staff/invitations/${id}/`, { token: admin.token }))
        .statusCode,
    ).toBe(404);
    expect(await invitationOf(app, admin.token, email)).toBeUndefined();
  });

  it('the retention purge deletes used and expired invitations a day later; a live one stays', async () => {
    const { app, clock } = ctx();
    await setUp();
    const [used, expiring, live] = [
      uniqueEmail('used'),
      uniqueEmail('expiring'),
      uniqueEmail('live'),
    ];
    await invite(app, admin.token, used);
    await invite(app, admin.token, expiring);
    await accept(app, await invitationToken(app, used));
    clock.advance(71 * HOUR_MS);
    await setUp();
    await invite(app, admin.token, live);
    const left = async () =>
      (await app.db.select({ email: staffInvitations.email }).from(staffInvitations)).map(
        (row) => row.email,
      );
    clock.advance(24 * HOUR_MS);
    await app.retention.run();
    // Used 95 hours ago (purged), expired 23 hours ago (kept a day), sent 24 hours ago (live).
    expect(await left()).not.toContain(used);
    expect(await left()).toEqual(expect.arrayContaining([expiring, live]));
    clock.advance(2 * HOUR_MS);
    await app.retention.run();
    expect(await left()).not.toContain(expiring);
    expect(await left()).toContain(live);
    // The member keeps the date they were invited.
    await setUp();
    expect((await memberOf(app, admin.token, used))?.invited_at).not.toBeNull();
  });
});
