import { Type, type Static } from 'typebox';
import { Nullable } from './common';

/**
 * The audit trail: who did what, when, from which address, to what. Staff read all of it
 * (GET /api/v1/audit/, /api/v1/audit.csv); a merchant reads their own account's entries
 * (GET /api/v1/account/activity/).
 */

/** The actions recorded so far; the column is text, so later ones (second factors) fit. */
export const AUDIT_ACTIONS = [
  'auth.sign_in',
  'auth.sign_in_failed',
  'auth.password_changed',
  'auth.email_changed',
  'auth.email_change_reverted',
  'auth.sign_in_locked',
  'auth.recovery_code_used',
  'second_factor.enabled',
  'second_factor.disabled',
  'second_factor.recovery_codes_regenerated',
  'passkey.added',
  'passkey.renamed',
  'passkey.removed',
  'review.approved',
  'review.declined',
  'review.resubmitted',
  'billing.card_updated',
  'account.data_exported',
  'account.deleted',
  'staff.invited',
  'staff.invitation_revoked',
  'staff.joined',
  'staff.role_changed',
  'staff.disabled',
  'staff.enabled',
  'staff.removed',
  'staff.second_factor_reset',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Each action in words, as the staff console and the merchant's "Recent activity" show it. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'auth.sign_in': 'Signed in',
  'auth.sign_in_failed': 'Failed sign-in',
  'auth.password_changed': 'Password changed',
  'auth.email_changed': 'Sign-in email changed',
  'auth.email_change_reverted': 'Sign-in email change reverted',
  'auth.sign_in_locked': 'Sign-in locked after wrong codes',
  'auth.recovery_code_used': 'Recovery code used',
  'second_factor.enabled': 'Two-step sign-in turned on',
  'second_factor.disabled': 'Two-step sign-in turned off',
  'second_factor.recovery_codes_regenerated': 'New recovery codes made',
  'passkey.added': 'Passkey added',
  'passkey.renamed': 'Passkey renamed',
  'passkey.removed': 'Passkey removed',
  'review.approved': 'Store approved',
  'review.declined': 'Store declined',
  'review.resubmitted': 'Store resubmitted for review',
  'billing.card_updated': 'Card updated',
  'account.data_exported': 'Data downloaded',
  'account.deleted': 'Account deleted',
  'staff.invited': 'Staff member invited',
  'staff.invitation_revoked': 'Staff invitation withdrawn',
  'staff.joined': 'Staff member joined',
  'staff.role_changed': 'Staff role changed',
  'staff.disabled': 'Staff member disabled',
  'staff.enabled': 'Staff member re-enabled',
  'staff.removed': 'Staff member removed',
  'staff.second_factor_reset': 'Staff two-step sign-in reset',
};

export const AUDIT_ACTOR_ROLES = ['merchant', 'staff', 'system'] as const;
export type AuditActorRole = (typeof AUDIT_ACTOR_ROLES)[number];

export const AUDIT_PAGE_SIZE = { default: 50, max: 100 } as const;

/** One recorded action. */
export const AuditEvent = Type.Object({
  id: Type.Integer(),
  /** ISO 8601. */
  at: Type.String({ format: 'date-time' }),
  actor_user_id: Nullable(Type.Integer()),
  actor_role: Type.Union([Type.Literal('merchant'), Type.Literal('staff'), Type.Literal('system')]),
  /** The actor's address when it happened ('' for the system). */
  actor_email: Type.String(),
  action: Type.String(),
  target_type: Type.String(),
  target_id: Type.String(),
  /** The brand (7, 8, 10), null when none applies. */
  client: Nullable(Type.Integer()),
  /** The request's address as the server saw it ('' when there was no request). */
  ip: Type.String(),
  /** What else the action says (a decline's reason, a sign-in's device); never a secret. */
  details: Type.Record(Type.String(), Type.Unknown()),
});
export type AuditEvent = Static<typeof AuditEvent>;

/** GET /api/v1/audit/ and /api/v1/audit.csv: the filters (and, for the list, the page). */
export const AuditQuery = Type.Object({
  /** An email (exact, any case) or a user id. */
  actor: Type.Optional(Type.String({ maxLength: 254 })),
  action: Type.Optional(Type.String({ maxLength: 64, pattern: '^[a-z0-9_.]+$' })),
  /** `type:id`, e.g. `store:42`. */
  target: Type.Optional(Type.String({ maxLength: 100, pattern: '^[a-z_]+:[^\\s]+$' })),
  /** ISO 8601: entries at or after. */
  from: Type.Optional(Type.String({ format: 'date-time' })),
  /** ISO 8601: entries before. */
  to: Type.Optional(Type.String({ format: 'date-time' })),
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: AUDIT_PAGE_SIZE.max })),
});
export type AuditQuery = Static<typeof AuditQuery>;

/** A page of the audit, newest first; `next` is the cursor of the following page, null at the end. */
export const AuditPage = Type.Object({
  results: Type.Array(AuditEvent),
  next: Nullable(Type.String()),
});
export type AuditPage = Static<typeof AuditPage>;

/** One entry of the merchant's "Recent activity". */
export const AccountActivityEntry = Type.Object({
  id: Type.Integer(),
  at: Type.String({ format: 'date-time' }),
  action: Type.String(),
  ip: Type.String(),
  /** The device of a sign-in, in words ("Chrome on macOS"), else ''. */
  device: Type.String(),
});
export type AccountActivityEntry = Static<typeof AccountActivityEntry>;

/** How many entries "Recent activity" lists. */
export const ACCOUNT_ACTIVITY_LIMIT = 50;
