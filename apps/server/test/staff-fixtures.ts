import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { AuthTokens, StaffInvitation, StaffList, StaffMember, StaffRole } from '@cc/contract';
import { createStaff } from '../src/seed';
import { mailsTo, tokenOf } from './account-fixtures';
import { call, uniqueEmail } from './helpers';
import {
  challengeOf,
  codeNow,
  enrolStaff,
  login,
  secondStep,
  TOTP_STEP_MS,
} from './second-factor-fixtures';

export const STAFF_PASSWORD = 'staff-secret-42';

/** A signed-in staff member: who, and their access and refresh tokens (the refresh in the body, so it comes back there). */
export type StaffSignIn = { id: number; email: string; token: string; refresh: string };

/** The authenticator app each staff member enrolled at their first sign-in, per app under test. */
const enrolledApps = new WeakMap<FastifyInstance, Map<string, string>>();

/**
 * Signs a staff member in as the console does: the password, then the
 * authenticator's code. Their first sign-in enrols the app; later ones use its code. Throws when refused.
 */
export async function staffSignIn(
  app: FastifyInstance,
  email: string,
  password = STAFF_PASSWORD,
): Promise<StaffSignIn> {
  const secrets = enrolledApps.get(app) ?? new Map<string, string>();
  enrolledApps.set(app, secrets);
  const secret = secrets.get(email);
  let response: LightMyRequestResponse;
  if (secret) {
    (app.clock as { advance?: (ms: number) => void }).advance?.(TOTP_STEP_MS);
    const { challenge } = challengeOf(await login(app, email, password));
    response = await secondStep(app, { challenge, code: codeNow(app, secret) });
  } else {
    const enrolled = await enrolStaff(app, email, password);
    secrets.set(email, enrolled.setup.secret);
    response = enrolled.response;
  }
  if (response.statusCode !== 200)
    throw new Error(`staff login failed: ${response.statusCode} ${response.body}`);
  const tokens = response.json<AuthTokens>();
  const me = await call(app, 'GET', '/api/v1/staff/me/', { token: tokens.token });
  const refresh =
    response.cookies.find((cookie) => cookie.name.startsWith('cc_refresh_'))?.value ?? '';
  return { id: me.json<{ id: number }>().id, email, token: tokens.token, refresh };
}

/** The status of the password step of a sign-in (200 when it asks for the second factor). */
export const signInStatus = async (
  app: FastifyInstance,
  email: string,
  password = STAFF_PASSWORD,
) => (await login(app, email, password)).statusCode;

/** An admin as the demo seed makes one (the first admin), signed in. */
export async function firstAdmin(app: FastifyInstance): Promise<StaffSignIn> {
  const email = uniqueEmail('admin');
  await createStaff(app.db, { email, password: STAFF_PASSWORD, clock: app.clock });
  return staffSignIn(app, email);
}

/** Invites the address as `role` from the admin's Staff screen; answers the call. */
export const invite = (
  app: FastifyInstance,
  admin: string,
  email: string,
  role: StaffRole = 'reviewer',
) => call(app, 'POST', '/api/v1/staff/invitations/', { token: admin, body: { email, role } });

/** The token of the newest invitation mailed to the address. */
export async function invitationToken(app: FastifyInstance, email: string): Promise<string> {
  const [mail] = (await mailsTo(app, email)).filter((sent) => sent.kind === 'staff_invitation');
  return tokenOf(mail);
}

/** Accepts an invitation with a password (twice, as the page asks); answers the call. */
export const accept = (
  app: FastifyInstance,
  token: string,
  password = STAFF_PASSWORD,
  confirm = password,
) =>
  call(app, 'POST', '/api/v1/staff/invitations/accept/', {
    body: { token, password, confirm_password: confirm },
  });

/** A staff member invited by the admin, who accepted and signed in. */
export async function invitedMember(
  app: FastifyInstance,
  admin: string,
  role: StaffRole = 'reviewer',
): Promise<StaffSignIn> {
  const email = uniqueEmail(role);
  const invited = await invite(app, admin, email, role);
  if (invited.statusCode !== 201)
    throw new Error(`invite failed: ${invited.statusCode} ${invited.body}`);
  const accepted = await accept(app, await invitationToken(app, email));
  if (accepted.statusCode !== 201)
    throw new Error(`accept failed: ${accepted.statusCode} ${accepted.body}`);
  return staffSignIn(app, email);
}

/** The Staff screen's list as the admin sees it. */
export async function staffList(app: FastifyInstance, admin: string): Promise<StaffList> {
  const response = await call(app, 'GET', '/api/v1/staff/', { token: admin });
  if (response.statusCode !== 200)
    throw new Error(`staff list failed: ${response.statusCode} ${response.body}`);
  return response.json<StaffList>();
}

/** The member of that address in the admin's list. */
export const memberOf = async (
  app: FastifyInstance,
  admin: string,
  email: string,
): Promise<StaffMember | undefined> =>
  (await staffList(app, admin)).members.find((member) => member.email === email);

/** The invitation to that address in the admin's list. */
export const invitationOf = async (
  app: FastifyInstance,
  admin: string,
  email: string,
): Promise<StaffInvitation | undefined> =>
  (await staffList(app, admin)).invitations.find((invitation) => invitation.email === email);

/** PATCH /api/v1/staff/{id}/ as the admin. */
export const updateMember = (
  app: FastifyInstance,
  admin: string,
  id: number,
  body: { role?: StaffRole; disabled?: boolean },
) => call(app, 'PATCH', `/api/v1/staff/${id}/`, { token: admin, body });
