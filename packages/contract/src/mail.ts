import { Type, type Static } from 'typebox';

/** The optional mails a merchant may turn off (one-click unsubscribe names one of them). */
export const OPTIONAL_MAIL_KINDS = [
  'expiring_coupons',
  'expired_coupons',
  'weekly_summary',
] as const;
export type OptionalMailKind = (typeof OPTIONAL_MAIL_KINDS)[number];

/** GET /mail-preferences/: which optional mails the owner gets (receipts and billing notices always go). */
export const MailPreferences = Type.Object({
  /** A coupon expires in 3 days. On unless turned off. */
  expiring_coupons: Type.Boolean(),
  /** A coupon expired and the store page shows fewer. On unless turned off. */
  expired_coupons: Type.Boolean(),
  /** Once a week, the last Monday-to-Sunday week's views, code reveals and clicks. Off unless turned on. */
  weekly_summary: Type.Boolean(),
});
export type MailPreferences = Static<typeof MailPreferences>;

/** The optional mails of a store whose owner never chose. */
export const DEFAULT_MAIL_PREFERENCES: MailPreferences = {
  expiring_coupons: true,
  expired_coupons: true,
  weekly_summary: false,
};

/** PUT /mail-preferences/: the kinds sent replace the saved ones; a kind left out keeps its value. */
export const MailPreferencesBody = Type.Partial(MailPreferences, { additionalProperties: false });
export type MailPreferencesBody = Static<typeof MailPreferencesBody>;
