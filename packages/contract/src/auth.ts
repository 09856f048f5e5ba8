import { Type, type Static } from 'typebox';
import { Nullable } from './common';
import { MAX_LENGTHS } from './rules/field-rules';
import { Store } from './stores';

export const Email = Type.String({ format: 'email', maxLength: MAX_LENGTHS.email });

export const EmailLoginBody = Type.Object({
  email: Type.String({ maxLength: MAX_LENGTHS.email }),
  password: Type.String({ maxLength: 256 }),
  siteId: Type.Optional(Type.Integer()),
  /**
   * The caller can answer a second-factor challenge (the apps send true). Without it, an
   * account with two-step sign-in is refused with a message, as the spec's login has no such step.
   */
  accepts_second_factor: Type.Optional(Type.Boolean()),
});
export type EmailLoginBody = Static<typeof EmailLoginBody>;

export const EmailRegisterBody = Type.Object({
  email: Type.String({ maxLength: MAX_LENGTHS.email }),
  password: Type.String({ maxLength: 256 }),
  siteId: Type.Optional(Type.Integer()),
  type: Type.Optional(Type.Integer()),
  first_name: Type.Optional(Type.String({ maxLength: MAX_LENGTHS.personName })),
  last_name: Type.Optional(Type.String({ maxLength: MAX_LENGTHS.personName })),
});
export type EmailRegisterBody = Static<typeof EmailRegisterBody>;

/**
 * Session tokens: a short-lived access JWT (the bearer) and a rotating refresh token.
 * Browsers get the refresh token only as an HttpOnly cookie, so `refresh` is in the
 * body only for a caller that sent its refresh token in the body or query.
 */
export const AuthTokens = Type.Object({
  token: Type.String(),
  refresh: Type.Optional(Type.String()),
  /** ISO 8601 time the access token expires. */
  expiration: Type.String({ format: 'date-time' }),
  /** ISO 8601 time the refresh token expires. */
  refresh_expiration: Type.String({ format: 'date-time' }),
});
export type AuthTokens = Static<typeof AuthTokens>;

/** A refresh token in the body, for callers without the cookie; browsers send the cookie instead. */
export const RefreshBody = Type.Object({ refresh: Type.Optional(Type.String({ maxLength: 512 })) });
export type RefreshBody = Static<typeof RefreshBody>;

/**
 * Logout revokes the session of the refresh token (the cookie, or `refresh` in the body),
 * or every session of the bearer's user without one.
 */
export const LogoutBody = RefreshBody;
export type LogoutBody = RefreshBody;

export const VerifyEmailBody = Type.Object({ token: Type.String({ maxLength: 512 }) });
export type VerifyEmailBody = Static<typeof VerifyEmailBody>;
export const VerifyEmailResponse = Type.Object({ email_verified: Type.Boolean() });
export type VerifyEmailResponse = Static<typeof VerifyEmailResponse>;

export const SetNewPasswordBody = Type.Object({
  password: Type.String({ maxLength: 256 }),
  token: Type.String({ maxLength: 512 }),
});
export type SetNewPasswordBody = Static<typeof SetNewPasswordBody>;

export const PasswordResetBody = Type.Object({
  email: Type.String({ maxLength: MAX_LENGTHS.email }),
  siteId: Type.Optional(Type.Integer()),
});
export type PasswordResetBody = Static<typeof PasswordResetBody>;

export const CouponCenterTxn = Type.Object({ id: Type.Integer() });

export const User = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  email_verified: Type.Boolean(),
  first_name: Type.String(),
  last_name: Type.String(),
  client: Type.Integer(),
  is_staff: Type.Boolean(),
  store: Nullable(Store),
  coupon_center_txn: Nullable(CouponCenterTxn),
});
export type User = Static<typeof User>;
