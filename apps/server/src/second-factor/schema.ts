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
import { timestamps } from '../core/data/columns';
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

/**
 * A user's passkeys (WebAuthn credentials): the public key the authenticator made, its id
 * (unique across every account, as the browser names it at sign-in) and its signature
 * counter. A passkey signs in without the password, or in place of the code.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter at the last sign-in (0 for those that keep none). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** How the browser reached it (usb, internal, hybrid, ...), a hint for the next sign-in. */
    transports: text('transports').array().notNull().default([]),
    name: text('name').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('passkeys_credential_id_key').on(t.credentialId),
    index('passkeys_user_idx').on(t.userId),
  ],
);

/**
 * A WebAuthn challenge given with a passkey request: single use, five minutes, bound to the
 * origin it was given for. `register` and `second_step` are a user's; `sign_in` (no password)
 * names no user until the passkey does.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The challenge as the browser signs it, base64url. */
    challenge: text('challenge').notNull(),
    purpose: text('purpose', { enum: ['register', 'sign_in', 'second_step'] }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The one origin (a brand's or the console's, from the settings) the answer must come from. */
    origin: text('origin').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('passkey_challenges_challenge_key').on(t.challenge),
    index('passkey_challenges_expires_idx').on(t.expiresAt),
  ],
);
