import { Type, type Static } from 'typebox';
import { Nullable } from './common';
import { MAX_LENGTHS } from './rules/field-rules';

/**
 * A merchant's own account beyond the spec's screens (the /account screen): password and
 * sign-in email changes, the verification mail, signed-in devices, the data export and the
 * account's deletion. Every call but the two link-following ones is the signed-in user's own.
 */

export {
  ACCOUNT_MESSAGES,
  DELETE_CONFIRMATION_WORD,
  VERIFICATION_RESEND_SECONDS,
} from './account-messages';

const Password = Type.String({ maxLength: 256 });

/** GET /api/v1/account/: the account as its screen shows it. */
export const Account = Type.Object({
  email: Type.String(),
  email_verified: Type.Boolean(),
  /** The address a change_email link was last sent to and not yet followed, else null. */
  pending_email: Nullable(Type.String()),
  /** ISO 8601: when the verification mail can be sent again; null when it can now. */
  verification_resend_at: Nullable(Type.String({ format: 'date-time' })),
  /** ISO 8601. */
  created_at: Type.String({ format: 'date-time' }),
});
export type Account = Static<typeof Account>;

/** POST /api/v1/account/password/: every other session ends; this one stays. */
export const ChangePasswordBody = Type.Object({
  current_password: Password,
  new_password: Password,
  confirm_password: Password,
});
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

/** POST /api/v1/account/email/: mails a link to the new address; nothing changes until it is followed. */
export const ChangeEmailBody = Type.Object({
  new_email: Type.String({ maxLength: MAX_LENGTHS.email }),
  password: Password,
});
export type ChangeEmailBody = Static<typeof ChangeEmailBody>;

/** POST /api/v1/account/email/confirm/ and /email/revert/: a link's token (no sign-in needed). */
export const EmailLinkBody = Type.Object({ token: Type.String({ maxLength: 512 }) });
export type EmailLinkBody = Static<typeof EmailLinkBody>;

/** What following an email link did: the sign-in email now. */
export const EmailLinkResponse = Type.Object({ message: Type.String(), email: Type.String() });
export type EmailLinkResponse = Static<typeof EmailLinkResponse>;

/** POST /api/v1/account/verification-email/ (200, or 429 with the same body). */
export const VerificationMailResponse = Type.Object({
  message: Type.String(),
  /** ISO 8601: when the next one can be asked for. */
  verification_resend_at: Type.String({ format: 'date-time' }),
});
export type VerificationMailResponse = Static<typeof VerificationMailResponse>;

/** One signed-in device: a session, read from its User-Agent. */
export const AccountSession = Type.Object({
  id: Type.String(),
  /** ISO 8601. */
  created_at: Type.String({ format: 'date-time' }),
  /** ISO 8601: the sign-in or the latest token refresh. */
  last_used_at: Type.String({ format: 'date-time' }),
  /** e.g. 'Chrome 142', or 'Unknown browser'. */
  browser: Type.String(),
  /** e.g. 'macOS 15', or 'Unknown system'. */
  os: Type.String(),
  /** The session this call was made from. */
  current: Type.Boolean(),
});
export type AccountSession = Static<typeof AccountSession>;

export const AccountSessionParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

/** POST /api/v1/account/sessions/sign-out-others/. */
export const SignOutOthersResponse = Type.Object({
  message: Type.String(),
  signed_out: Type.Integer(),
});
export type SignOutOthersResponse = Static<typeof SignOutOthersResponse>;

/** POST /api/v1/account/delete/: the password and the typed word. */
export const DeleteAccountBody = Type.Object({
  password: Password,
  confirmation: Type.String({ maxLength: 64 }),
});
export type DeleteAccountBody = Static<typeof DeleteAccountBody>;

/** POST /api/v1/billing/card-update/: where the browser goes to give a new card. */
export const CardUpdateResponse = Type.Object({ url: Type.String() });
export type CardUpdateResponse = Static<typeof CardUpdateResponse>;
