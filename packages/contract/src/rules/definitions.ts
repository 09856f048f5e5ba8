import { DESCRIPTION_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@cc/config';
import type { ChangeEmailBody, ChangePasswordBody } from '../account';
import type {
  EmailLoginBody,
  EmailRegisterBody,
  PasswordResetBody,
  SetNewPasswordBody,
} from '../auth';
import type { CouponUpdateBody } from '../coupons';
import { OFFER_TYPES } from '../offer';
import type { StoreUpdateBody } from '../stores';
import type { BodyRules, FieldRule } from './body-rules';
import { MAX_LENGTHS } from './field-rules';

/*
 * Each form's rules, once, by wire field name (SPEC section 5 and what the server can
 * store). The server's services check the bodies they are sent with these; the merchant
 * centre's form schemas are built from them. A rule only the server can apply (a common
 * password, a slug taken, the credentials) stays in its service.
 */

/** An email address the user types: required and valid; spaces around it do not count. */
const email = {
  required: true,
  trim: true,
  maxLength: MAX_LENGTHS.email,
  shape: 'email',
} as const satisfies FieldRule;
/** A password being checked (sign-in, the current one): required, taken as typed. */
const password = { required: true, maxLength: MAX_LENGTHS.password } as const satisfies FieldRule;
/** A password being set: required, at least 6 characters (SPEC section 5). */
export const NEW_PASSWORD_RULE = {
  ...password,
  minLength: PASSWORD_MIN_LENGTH,
} as const satisfies FieldRule;
const text = (maxLength: number) => ({ trim: true, maxLength }) as const satisfies FieldRule;
const webAddress = { ...text(MAX_LENGTHS.url), shape: 'web-address' } as const satisfies FieldRule;
const amount = { trim: true, shape: 'amount' } as const satisfies FieldRule;
const date = { trim: true, shape: 'date' } as const satisfies FieldRule;

/** Login: email and password required; the credentials are judged after (a 401, not a field error). */
export const LOGIN_RULES = {
  email: { required: true, trim: true, maxLength: MAX_LENGTHS.email },
  password,
} as const satisfies BodyRules<keyof EmailLoginBody & ('email' | 'password')>;

/** Register: email required and valid; password required, at least 6 characters. */
export const REGISTER_RULES = { email, password: NEW_PASSWORD_RULE } as const satisfies BodyRules<
  keyof EmailRegisterBody & ('email' | 'password')
>;

/** Password reminder: email required; an unknown one is a 404, not a field error. */
export const PASSWORD_REMINDER_RULES = {
  email: LOGIN_RULES.email,
} as const satisfies BodyRules<keyof PasswordResetBody & 'email'>;

/** Set new password: the same minimum as register (the link's token is the server's to judge). */
export const NEW_PASSWORD_RULES = { password: NEW_PASSWORD_RULE } as const satisfies BodyRules<
  keyof SetNewPasswordBody & 'password'
>;

/** Account, change email: a valid new address and the current password. */
export const CHANGE_EMAIL_RULES = { new_email: email, password } as const satisfies BodyRules<
  keyof ChangeEmailBody
>;

/** Account, change password: the current one, a new one as above, typed twice alike. */
export const CHANGE_PASSWORD_RULES = {
  current_password: password,
  new_password: NEW_PASSWORD_RULE,
  confirm_password: { ...password, sameAs: 'new_password' },
} as const satisfies BodyRules<keyof ChangePasswordBody>;

/** Store form: name, url and email required, the email valid; first and last name optional. */
export const STORE_RULES = {
  name: { ...text(MAX_LENGTHS.storeName), required: true },
  website_url: { ...webAddress, required: true },
  affiliate_website_url: webAddress,
  logo_url: webAddress,
  contact_first_name: text(MAX_LENGTHS.personName),
  contact_last_name: text(MAX_LENGTHS.personName),
  contact_email: email,
} as const satisfies BodyRules<keyof StoreUpdateBody>;

/**
 * Coupon form: Offer Type required (one of the list); description required and at most 120
 * characters. Other fields are not validated (SPEC section 5) beyond what can be stored: the
 * figures, the code's and the addresses' lengths, the dates as real days.
 */
export const COUPON_RULES = {
  offer_type: { required: true, trim: true, oneOf: OFFER_TYPES },
  description: { required: true, trim: true, maxLength: DESCRIPTION_MAX_LENGTH },
  savings_amount: amount,
  savings_percent: amount,
  savings_minimum_order: amount,
  minimum_order_amount: amount,
  up_to_savings_percent: amount,
  discount_code: text(MAX_LENGTHS.discountCode),
  custom_url: text(MAX_LENGTHS.url),
  destination_coupon_url: text(MAX_LENGTHS.url),
  destination_affiliate_url: text(MAX_LENGTHS.url),
  title: text(MAX_LENGTHS.title),
  start_date: date,
  expiration_date: date,
} as const satisfies BodyRules<Exclude<keyof CouponUpdateBody, 'approved' | 'store'>>;
