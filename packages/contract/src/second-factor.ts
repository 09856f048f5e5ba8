import { Type, type Static } from 'typebox';
import { AuthTokens } from './auth';
import { Nullable } from './common';

/**
 * Two-step sign-in (TOTP, RFC 6238): a sign-in answered with a challenge, the code step,
 * a staff member's enrolment at their first sign-in, and a merchant's own switch on the
 * account screen. Recovery codes are shown once, when made.
 */

export {
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_LOCK_MINUTES,
  SECOND_FACTOR_MAX_FAILURES,
  SECOND_FACTOR_MESSAGES,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TOTP_WINDOW_STEPS,
} from './second-factor-messages';

/** What an authenticator app is given: the otpauth:// URI, it as a QR code (SVG), and the base32 secret to type. */
export const TotpSetup = Type.Object({
  otpauth_uri: Type.String(),
  /** An SVG document of the QR code of `otpauth_uri`. */
  qr_svg: Type.String(),
  /** The secret in base32, for typing into an app by hand. */
  secret: Type.String(),
});
export type TotpSetup = Static<typeof TotpSetup>;

/**
 * A correct password of an account with a second factor (or of a staff member still to
 * enrol one): no tokens yet. `second_factor` says which step follows: `totp`, a code;
 * `enrol`, set up an app with `setup`, then confirm a code.
 */
export const SecondFactorChallenge = Type.Object({
  second_factor: Type.Union([Type.Literal('totp'), Type.Literal('enrol')]),
  /** Single use; send it back with the code. */
  challenge: Type.String(),
  /** ISO 8601: when the challenge stops working. */
  challenge_expiration: Type.String({ format: 'date-time' }),
  setup: Type.Optional(TotpSetup),
  /** The account has a passkey: it may answer the challenge in place of a code (`totp` only). */
  passkey: Type.Optional(Type.Boolean()),
});
export type SecondFactorChallenge = Static<typeof SecondFactorChallenge>;

const Code = Type.String({ maxLength: 32 });

/** POST /api/v1/auth/second-factor/: the challenge and a code, or (sign-in only) a recovery code. */
export const SecondFactorBody = Type.Object({
  challenge: Type.String({ maxLength: 128 }),
  code: Type.Optional(Code),
  recovery_code: Type.Optional(Code),
});
export type SecondFactorBody = Static<typeof SecondFactorBody>;

/** The recovery codes, shown this once. */
export const RecoveryCodes = Type.Object({ recovery_codes: Type.Array(Type.String()) });
export type RecoveryCodes = Static<typeof RecoveryCodes>;

/** The second step's answer: the session's tokens, and the recovery codes when it enrolled the app. */
export const SecondFactorSignIn = Type.Object({
  ...AuthTokens.properties,
  recovery_codes: Type.Optional(Type.Array(Type.String())),
});
export type SecondFactorSignIn = Static<typeof SecondFactorSignIn>;

/** GET /api/v1/account/second-factor/. */
export const SecondFactorStatus = Type.Object({
  enabled: Type.Boolean(),
  /** ISO 8601, when it was turned on; null when off. */
  enabled_at: Nullable(Type.String({ format: 'date-time' })),
  /** Recovery codes not used yet. */
  recovery_codes_left: Type.Integer(),
  /** Staff cannot turn it off. */
  required: Type.Boolean(),
});
export type SecondFactorStatus = Static<typeof SecondFactorStatus>;

/** POST /api/v1/account/second-factor/confirm/: the first code from the app. */
export const ConfirmTotpBody = Type.Object({ code: Code });
export type ConfirmTotpBody = Static<typeof ConfirmTotpBody>;

/** Turning off or new recovery codes: the password, or a current code. */
export const SecondFactorProofBody = Type.Object({
  password: Type.Optional(Type.String({ maxLength: 256 })),
  code: Type.Optional(Code),
});
export type SecondFactorProofBody = Static<typeof SecondFactorProofBody>;
