import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../core/columns';
import { users } from '../auth/schema';

/**
 * A user's TOTP authenticator (RFC 6238): one per user. `confirmedAt` null is a set-up waiting
 * for its first code; only a confirmed one is asked for at sign-in. The secret is sealed with
 * a key derived from the server's secret (secret-box.ts), never stored as typed.
 */
export const totpFactors = pgTable('totp_factors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** AES-256-GCM of the base32 secret: `v1.<iv>.<tag>.<ciphertext>`. */
  sealedSecret: text('sealed_secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** The time step of the last code accepted: that code, and any older one, is refused. */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  /** Wrong codes in a row since the last right one (or the last lock). */
  failedAttempts: integer('failed_attempts').notNull().default(0),
  /** Sign-in answers only the lock's message until then. */
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  ...timestamps,
});

/** Single-use recovery codes, stored as their SHA-256; a new set replaces the old. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('recovery_codes_user_hash_key').on(t.userId, t.codeHash)],
);

/**
 * The step between a correct password and a session: short-lived, single use, stored as
 * its SHA-256. `totp` asks for a code; `enrol` (a staff member without one) confirms a new app.
 */
export const secondFactorChallenges = pgTable(
  'second_factor_challenges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['totp', 'enrol'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The User-Agent of the sign-in, for the session it starts. */
    userAgent: text('user_agent').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('second_factor_challenges_hash_key').on(t.tokenHash),
    index('second_factor_challenges_user_idx').on(t.userId),
  ],
);
