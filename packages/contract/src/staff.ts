import { Type, type Static } from 'typebox';
import { LiteralUnion, Nullable } from './common';
import { MAX_LENGTHS } from './rules/field-rules';

/**
 * Staff of the review console and their roles. Admins do everything and manage staff under
 * /api/v1/staff/; reviewers review stores. Staff accounts are made only by accepting an
 * invitation (or, for the first admin, by `create-staff`).
 */

export const STAFF_ROLES = ['admin', 'reviewer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Each role in words, as the Staff screen shows it. */
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  admin: 'Admin',
  reviewer: 'Reviewer',
};

/** Texts of the staff calls and the Staff screen. */
export const STAFF_MESSAGES = {
  alreadyStaff: 'This address already belongs to a staff member.',
  merchantAccount: 'This address belongs to a merchant account: invite another address.',
  invitationExpired: 'This invitation has expired or was already used. Ask an admin for a new one.',
  lastAdmin:
    'The last active admin cannot be removed, disabled or made a reviewer. Make another admin first.',
  accountCreated: 'Your staff account is ready. Sign in to the console.',
  invitationSent: 'Invitation sent.',
  ownSecondFactor: 'You cannot reset your own two-step sign-in. Ask another admin.',
} as const;

/** GET /api/v1/staff/me/: the signed-in staff member, for the console's menu. */
export const StaffMe = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  role: LiteralUnion(STAFF_ROLES),
});
export type StaffMe = Static<typeof StaffMe>;

/** One staff member as the Staff screen lists them. */
export const StaffMember = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  role: LiteralUnion(STAFF_ROLES),
  status: LiteralUnion(['active', 'disabled'] as const),
  /** ISO 8601: when the invitation they accepted was sent; null when unknown (the first admin, or purged). */
  invited_at: Nullable(Type.String({ format: 'date-time' })),
  /** ISO 8601: when the account was made. */
  joined_at: Type.String({ format: 'date-time' }),
  /** Whether this is the signed-in admin. */
  is_you: Type.Boolean(),
});
export type StaffMember = Static<typeof StaffMember>;

/** An invitation not yet accepted: pending until it expires. */
export const StaffInvitation = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  role: LiteralUnion(STAFF_ROLES),
  /** ISO 8601. */
  invited_at: Type.String({ format: 'date-time' }),
  /** ISO 8601: the link works until then (72 hours). */
  expires_at: Type.String({ format: 'date-time' }),
  status: LiteralUnion(['pending', 'expired'] as const),
  /** The inviting admin's address; '' for create-staff's or a removed admin's. */
  invited_by: Type.String(),
});
export type StaffInvitation = Static<typeof StaffInvitation>;

/** GET /api/v1/staff/: the members (oldest first) and the invitations not accepted (newest first). */
export const StaffList = Type.Object({
  members: Type.Array(StaffMember),
  invitations: Type.Array(StaffInvitation),
});
export type StaffList = Static<typeof StaffList>;

/** POST /api/v1/staff/invitations/: mails a one-use link valid 72 hours; replaces a pending one to the address. */
export const InviteStaffBody = Type.Object({
  email: Type.String({ maxLength: MAX_LENGTHS.email }),
  role: LiteralUnion(STAFF_ROLES),
});
export type InviteStaffBody = Static<typeof InviteStaffBody>;

/** PATCH /api/v1/staff/{id}/: a new role, or disabled (true) / re-enabled (false). */
export const UpdateStaffBody = Type.Object({
  role: Type.Optional(LiteralUnion(STAFF_ROLES)),
  disabled: Type.Optional(Type.Boolean()),
});
export type UpdateStaffBody = Static<typeof UpdateStaffBody>;

export const StaffParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
export type StaffParams = Static<typeof StaffParams>;

/** POST /api/v1/staff/invitations/lookup/: what an invitation link is for (the token travels in the body, never a URL). */
export const InvitationTokenBody = Type.Object({ token: Type.String({ maxLength: 512 }) });
export type InvitationTokenBody = Static<typeof InvitationTokenBody>;

export const InvitationLookup = Type.Object({
  email: Type.String(),
  role: LiteralUnion(STAFF_ROLES),
});
export type InvitationLookup = Static<typeof InvitationLookup>;

/** POST /api/v1/staff/invitations/accept/: sets the password and creates the staff account. */
export const AcceptInvitationBody = Type.Object({
  token: Type.String({ maxLength: 512 }),
  password: Type.String({ maxLength: 256 }),
  confirm_password: Type.String({ maxLength: 256 }),
});
export type AcceptInvitationBody = Static<typeof AcceptInvitationBody>;
