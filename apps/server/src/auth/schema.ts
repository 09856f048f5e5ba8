import type { ClientId } from '@cc/config';
import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../core/data/columns';

/** The users table's columns: the table's, and (id, brand, email) again for the readers of its view (read-model.ts). */
export const userColumns = () => ({
  id: serial('id').primaryKey(),
  client: integer('client').$type<ClientId>().notNull(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  userType: integer('user_type').notNull().default(2),
  role: text('role', { enum: ['merchant', 'staff'] })
    .notNull()
    .default('merchant'),
  /** A staff member's role (null for merchants): admins manage staff and read the audit; reviewers review stores. */
  staffRole: text('staff_role', { enum: ['admin', 'reviewer'] }),
  /** When an admin disabled this staff member: their sessions ended then, and sign-in is refused until re-enabled. */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  /** When the invitation this staff member accepted was sent (the Staff screen's "Invited"); null for the first admin. */
  staffInvitedAt: timestamp('staff_invited_at', { withTimezone: true }),
  emailVerified: boolean('email_verified').notNull().default(false),
  /** When the last verification mail was sent: at most one a minute (the resend button). */
  verificationMailAt: timestamp('verification_mail_at', { withTimezone: true }),
  ...timestamps,
});

/** Merchants and staff. Unique per (client, email); emails are stored lowercased. */
export const users = pgTable('users', userColumns(), (t) => [
  uniqueIndex('users_client_email_key').on(t.client, t.email),
]);

/**
 * Signed-in sessions: one per sign-in (a refresh-token family; the id is the family id,
 * carried as `sid` in every access token of the session). Revoking one ends it on every
 * instance at its next call (a change notifies `u<user id>` on store_changed, migration 0017).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The User-Agent of the sign-in (cut to 512 characters); '' when none was sent. */
    userAgent: text('user_agent').notNull().default(''),
    /** The sign-in's or last refresh's time. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Refresh tokens: stored hashed, rotated on use; a family (a session) shares one login. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
  ],
);

/** Single-use email tokens (verification, password reset), stored hashed. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', {
      enum: ['verify_email', 'password_reset', 'change_email', 'revert_email'],
    }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** change_email: the new address; revert_email: the address to restore; '' otherwise. */
    email: text('email').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('email_tokens_hash_key').on(t.tokenHash),
    index('email_tokens_user_idx').on(t.userId, t.purpose),
  ],
);

/**
 * Invitations to the staff console: one per address at a time (inviting it again replaces
 * the pending one), a one-use link valid 72 hours, stored hashed. Accepting one creates the
 * staff account (client 7, as every staff account), which keeps the invitation's date; the
 * retention purge deletes used and expired invitations.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Lowercased. */
    email: text('email').notNull(),
    staffRole: text('staff_role', { enum: ['admin', 'reviewer'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The admin who invited; null for the first admin's (create-staff) or once that admin is removed. */
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('staff_invitations_hash_key').on(t.tokenHash),
    index('staff_invitations_email_idx').on(t.email),
  ],
);
