import type { FastifyInstance } from 'fastify';
import type { AuthTokens, StaffInvitation, StaffList, StaffMember, StaffRole } from '@cc/contract';
import { createStaff } from '../src/seed';
import { mailsTo, tokenOf } from './account-fixtures';
import { call, uniqueEmail } from './helpers';

export const STAFF_PASSWORD = 'staff-secret-42';

/** A signed-in staff member: who, and their access and refresh tokens (the refresh in the body, so it comes back there). */
export type StaffSignIn = { id: number; email: string; token: string; refresh: string };

/** Signs a staff member in on the console's brand (7); throws when refused. */
export async function staffSignIn(app: FastifyInstance, email: string, password = STAFF_PASSWORD): Promise<StaffSignIn> {
  const response = await call(app, 'POST', '/api/v1/auth/email-login/', { body: { email, password, siteId: 7 } });
  if (response.statusCode !== 200) throw new Error(`staff login failed: ${response.statusCode} ${response.body}`);
  const tokens = response.json<AuthTokens>();
  const me = await call(app, 'GET', '/api/v1/staff/me/', { token: tokens.token });
  const refresh = response.cookies.find((cookie) => cookie.name.startsWith('cc_refresh_'))?.value ?? '';
  return { id: me.json<{ id: number }>().id, email, token: tokens.token, refresh };
}

/** The status of a sign-in with the email and password. */
export const signInStatus = async (app: FastifyInstance, email: string, password = STAFF_PASSWORD) =>
  (await call(app, 'POST', '/api/v1/auth/email-login/', { body: { email, password, siteId: 7 } })).statusCode;

/** An admin as the demo seed makes one (the first admin), signed in. */
export async function firstAdmin(app: FastifyInstance): Promise<StaffSignIn> {
  const email = uniqueEmail('admin');
  await createStaff(app.db, { email, password: STAFF_PASSWORD, clock: app.clock });
  return staffSignIn(app, email);
}

/** Invites the address as `role` from the admin's Staff screen; answers the call. */
export const invite = (app: FastifyInstance, admin: string, email: string, role: StaffRole = 'reviewer') =>
  call(app, 'POST', '/api/v1/staff/invitations/', { token: admin, body: { email, role } });

/** The token of the newest invitation mailed to the address. */
export async function invitationToken(app: FastifyInstance, email: string): Promise<string> {
  const [mail] = (await mailsTo(app, email)).filter((sent) => sent.kind === 'staff_invitation');
  return tokenOf(mail);
}

/** Accepts an invitation with a password (twice, as the page asks); answers the call. */
export const accept = (app: FastifyInstance, token: string, password = STAFF_PASSWORD, confirm = password) =>
  call(app, 'POST', '/api/v1/staff/invitations/accept/', { body: { token, password, confirm_password: confirm } });

/** A staff member invited by the admin, who accepted and signed in. */
export async function invitedMember(app: FastifyInstance, admin: string, role: StaffRole = 'reviewer'): Promise<StaffSignIn> {
  const email = uniqueEmail(role);
  const invited = await invite(app, admin, email, role);
  if (invited.statusCode !== 201) throw new Error(`invite failed: ${invited.statusCode} ${invited.body}`);
  const accepted = await accept(app, await invitationToken(app, email));
  if (accepted.statusCode !== 201) throw new Error(`accept failed: ${accepted.statusCode} ${accepted.body}`);
  return staffSignIn(app, email);
}

/** The Staff screen's list as the admin sees it. */
export async function staffList(app: FastifyInstance, admin: string): Promise<StaffList> {
  const response = await call(app, 'GET', '/api/v1/staff/', { token: admin });
  if (response.statusCode !== 200) throw new Error(`staff list failed: ${response.statusCode} ${response.body}`);
  return response.json<StaffList>();
}

/** The member of that address in the admin's list. */
export const memberOf = async (app: FastifyInstance, admin: string, email: string): Promise<StaffMember | undefined> =>
  (await staffList(app, admin)).members.find((member) => member.email === email);

/** The invitation to that address in the admin's list. */
export const invitationOf = async (app: FastifyInstance, admin: string, email: string): Promise<StaffInvitation | undefined> =>
  (await staffList(app, admin)).invitations.find((invitation) => invitation.email === email);

/** PATCH /api/v1/staff/{id}/ as the admin. */
export const updateMember = (app: FastifyInstance, admin: string, id: number, body: { role?: StaffRole; disabled?: boolean }) =>
  call(app, 'PATCH', `/api/v1/staff/${id}/`, { token: admin, body });
