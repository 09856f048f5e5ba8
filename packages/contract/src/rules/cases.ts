import { DESCRIPTION_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@cc/config';
import { MESSAGES } from '../messages';
import { MAX_LENGTHS, maxLengthMessage } from './field-rules';

/**
 * One table of inputs for the rules both sides enforce. The merchant centre runs each
 * through its form schema and the server test posts it to the real route; both must
 * give the same answer: `errors` holds the first message of each refused wire field,
 * empty when the input is accepted. Bodies use the wire's field names.
 */
export type RuleCase<Body> = { rule: string; body: Body; errors: Readonly<Record<string, string>> };

function cases<Body>(base: Body, rows: { rule: string; change: Partial<Body>; errors?: Record<string, string> }[]): RuleCase<Body>[] {
  return rows.map(({ rule, change, errors }) => ({ rule, body: { ...base, ...change }, errors: errors ?? {} }));
}

const longText = (length: number, fill = 'x') => fill.repeat(length);

/** The store form's fields (SPEC section 5: name, url and email required, email valid). */
export type StoreRuleBody = {
  name: string;
  website_url: string;
  affiliate_website_url: string;
  logo_url: string;
  contact_first_name: string;
  contact_last_name: string;
  contact_email: string;
};

export const STORE_RULE_CASES: RuleCase<StoreRuleBody>[] = cases<StoreRuleBody>(
  {
    name: 'Acme Outdoor',
    website_url: 'https://acme.test',
    affiliate_website_url: '',
    logo_url: '',
    contact_first_name: 'Ada',
    contact_last_name: 'Lovelace',
    contact_email: 'owner@acme.test',
  },
  [
    { rule: 'a complete store is accepted', change: {} },
    { rule: 'a bare domain is accepted (it gets http://)', change: { website_url: 'www.acme.test' } },
    { rule: 'store name is required', change: { name: '' }, errors: { name: MESSAGES.required } },
    { rule: 'a blank store name is required too', change: { name: '   ' }, errors: { name: MESSAGES.required } },
    {
      rule: `store name is at most ${String(MAX_LENGTHS.storeName)} characters`,
      change: { name: longText(MAX_LENGTHS.storeName + 1, 'N') },
      errors: { name: maxLengthMessage(MAX_LENGTHS.storeName) },
    },
    { rule: 'website URL is required', change: { website_url: '' }, errors: { website_url: MESSAGES.required } },
    { rule: 'website URL must be an address', change: { website_url: 'not a url' }, errors: { website_url: MESSAGES.invalidUrl } },
    { rule: 'website URL is http or https', change: { website_url: 'ftp://acme.test' }, errors: { website_url: MESSAGES.invalidUrl } },
    {
      rule: `website URL is at most ${String(MAX_LENGTHS.url)} characters`,
      change: { website_url: `https://acme.test/${longText(MAX_LENGTHS.url)}` },
      errors: { website_url: maxLengthMessage(MAX_LENGTHS.url) },
    },
    { rule: 'affiliate website URL is optional', change: { affiliate_website_url: '' } },
    {
      rule: 'affiliate website URL, when given, must be an address',
      change: { affiliate_website_url: 'not a url' },
      errors: { affiliate_website_url: MESSAGES.invalidUrl },
    },
    { rule: 'first and last name are optional', change: { contact_first_name: '', contact_last_name: '' } },
    {
      rule: `first name is at most ${String(MAX_LENGTHS.personName)} characters`,
      change: { contact_first_name: longText(MAX_LENGTHS.personName + 1, 'A') },
      errors: { contact_first_name: maxLengthMessage(MAX_LENGTHS.personName) },
    },
    { rule: 'email is required', change: { contact_email: '' }, errors: { contact_email: MESSAGES.required } },
    { rule: 'email must be valid', change: { contact_email: 'owner' }, errors: { contact_email: MESSAGES.invalidEmail } },
    {
      rule: 'email needs a domain with a dot',
      change: { contact_email: 'owner@acme' },
      errors: { contact_email: MESSAGES.invalidEmail },
    },
    { rule: 'spaces around the email are ignored', change: { contact_email: ' owner@acme.test ' } },
    {
      rule: `email is at most ${String(MAX_LENGTHS.email)} characters`,
      change: { contact_email: `${longText(MAX_LENGTHS.email)}@acme.test` },
      errors: { contact_email: maxLengthMessage(MAX_LENGTHS.email) },
    },
  ],
);

/** The coupon form's body as it reaches the server (numbers converted, dates yyyy-MM-dd or null). */
export type CouponRuleBody = {
  offer_type: string;
  description: string;
  savings_amount: number | null;
  savings_percent: number | null;
  savings_minimum_order: number | null;
  custom_url: string;
  destination_coupon_url: string;
  destination_affiliate_url: string;
  discount_code: string;
  start_date: string | null;
  expiration_date: string | null;
  title: string;
  approved: boolean;
  up_to_savings_percent: number;
};

const sale = 'https://acme.test/sale';
const notValidated = '(SPEC section 5: other coupon fields are not validated)';

export const COUPON_RULE_CASES: RuleCase<CouponRuleBody>[] = cases<CouponRuleBody>(
  {
    offer_type: 'sitewide_percent',
    description: '20% off everything',
    savings_amount: null,
    savings_percent: 20,
    savings_minimum_order: 10,
    custom_url: sale,
    destination_coupon_url: sale,
    destination_affiliate_url: sale,
    discount_code: 'SAVE20',
    start_date: '2030-01-01',
    expiration_date: '2030-01-31',
    title: '20% OFF',
    approved: true,
    up_to_savings_percent: 0,
  },
  [
    { rule: 'a complete coupon is accepted', change: {} },
    { rule: 'offer type is required', change: { offer_type: '' }, errors: { offer_type: MESSAGES.required } },
    { rule: 'offer type is one of the list', change: { offer_type: 'bogo' }, errors: { offer_type: MESSAGES.invalidChoice } },
    { rule: 'description is required', change: { description: '' }, errors: { description: MESSAGES.required } },
    { rule: 'a blank description is required too', change: { description: '  ' }, errors: { description: MESSAGES.required } },
    {
      rule: `description is at most ${String(DESCRIPTION_MAX_LENGTH)} characters`,
      change: { description: longText(DESCRIPTION_MAX_LENGTH + 1) },
      errors: { description: MESSAGES.descriptionTooLong },
    },
    { rule: `a description of exactly ${String(DESCRIPTION_MAX_LENGTH)} is accepted`, change: { description: longText(DESCRIPTION_MAX_LENGTH) } },
    { rule: 'spaces around the description do not count', change: { description: ` ${longText(DESCRIPTION_MAX_LENGTH)} ` } },
    {
      rule: 'an amount type carries its amount',
      change: { offer_type: 'sale_amount', savings_amount: 15.5, savings_percent: null, title: '£15.50 OFF' },
    },
    {
      rule: `an amount type without an amount is accepted ${notValidated}`,
      change: { offer_type: 'sitewide_amount', savings_amount: null, savings_percent: null, title: '£0 OFF' },
    },
    {
      rule: 'free shipping needs no savings, only a minimum order',
      change: { offer_type: 'free_shipping', savings_amount: null, savings_percent: null, savings_minimum_order: 50, title: 'Free Shipping' },
    },
    { rule: 'Other needs no savings', change: { offer_type: 'other', savings_amount: 5, savings_percent: null, title: 'Sale' } },
    { rule: `a percent above 100 is accepted ${notValidated}`, change: { savings_percent: 150, title: '150% OFF' } },
    {
      rule: 'savings too large to store are refused',
      change: { savings_percent: 1e10 },
      errors: { savings_percent: MESSAGES.invalidNumber },
    },
    {
      rule: 'a minimum order too large to store is refused',
      change: { savings_minimum_order: 1e10 },
      errors: { savings_minimum_order: MESSAGES.invalidNumber },
    },
    { rule: 'the code is optional', change: { discount_code: '' } },
    {
      rule: `the code is at most ${String(MAX_LENGTHS.discountCode)} characters`,
      change: { discount_code: longText(MAX_LENGTHS.discountCode + 1, 'C') },
      errors: { discount_code: maxLengthMessage(MAX_LENGTHS.discountCode) },
    },
    {
      rule: `the destination URL is not checked ${notValidated}`,
      change: { custom_url: 'acme sale', destination_coupon_url: 'acme sale', destination_affiliate_url: 'acme sale' },
    },
    {
      rule: `the destination URL is at most ${String(MAX_LENGTHS.url)} characters`,
      change: (() => {
        const url = `${sale}/${longText(MAX_LENGTHS.url)}`;
        return { custom_url: url, destination_coupon_url: url, destination_affiliate_url: url };
      })(),
      errors: {
        custom_url: maxLengthMessage(MAX_LENGTHS.url),
        destination_coupon_url: maxLengthMessage(MAX_LENGTHS.url),
        destination_affiliate_url: maxLengthMessage(MAX_LENGTHS.url),
      },
    },
    { rule: `a start after the expiry is accepted ${notValidated}`, change: { start_date: '2030-02-01', expiration_date: '2030-01-01' } },
    { rule: "'No Expiration Date' sends a null expiry", change: { expiration_date: null } },
    { rule: 'the start date is optional', change: { start_date: null } },
    { rule: 'the start date is a real day', change: { start_date: '2030-02-30' }, errors: { start_date: MESSAGES.invalidDate } },
    { rule: 'the expiry is a real day', change: { expiration_date: '2030-13-01' }, errors: { expiration_date: MESSAGES.invalidDate } },
  ],
);

/** Register (SPEC section 5): email required and valid, password required and at least 6 characters. */
export type RegisterRuleBody = { email: string; password: string };

export const REGISTER_RULE_CASES: RuleCase<RegisterRuleBody>[] = cases<RegisterRuleBody>(
  { email: 'new-owner@acme.test', password: 'shop-secret-123' },
  [
    { rule: 'an email and a long enough password are accepted', change: {} },
    { rule: 'email is required', change: { email: '' }, errors: { email: MESSAGES.required } },
    { rule: 'email must be valid', change: { email: 'owner' }, errors: { email: MESSAGES.invalidEmail } },
    { rule: 'email needs a domain with a dot', change: { email: 'owner@acme' }, errors: { email: MESSAGES.invalidEmail } },
    { rule: 'password is required', change: { password: '' }, errors: { password: MESSAGES.required } },
    {
      rule: `password is at least ${String(PASSWORD_MIN_LENGTH)} characters`,
      change: { password: longText(PASSWORD_MIN_LENGTH - 1, '1') },
      errors: { password: MESSAGES.passwordTooShort },
    },
    {
      rule: `a password of exactly ${String(PASSWORD_MIN_LENGTH)} is accepted`,
      change: { email: 'six-owner@acme.test', password: longText(PASSWORD_MIN_LENGTH, 'k') },
    },
  ],
);

/** Set new password (SPEC section 5): the same minimum and message as register. */
export const NEW_PASSWORD_RULE_CASES: RuleCase<{ password: string }>[] = cases<{ password: string }>({ password: 'shop-secret-123' }, [
  { rule: 'a long enough password is accepted', change: {} },
  { rule: 'password is required', change: { password: '' }, errors: { password: MESSAGES.required } },
  {
    rule: `password is at least ${String(PASSWORD_MIN_LENGTH)} characters`,
    change: { password: longText(PASSWORD_MIN_LENGTH - 1, '1') },
    errors: { password: MESSAGES.passwordTooShort },
  },
  { rule: `a password of exactly ${String(PASSWORD_MIN_LENGTH)} is accepted`, change: { password: longText(PASSWORD_MIN_LENGTH, 'k') } },
]);

/**
 * Login (SPEC section 5): email required, password required; nothing else is refused
 * before the credentials are compared (a wrong pair is a 401, not a field error).
 */
export const LOGIN_RULE_CASES: RuleCase<RegisterRuleBody>[] = cases<RegisterRuleBody>({ email: 'owner@acme.test', password: 'shop-secret-123' }, [
  { rule: 'an email and a password reach the credentials check', change: {} },
  { rule: 'email is required', change: { email: '' }, errors: { email: MESSAGES.required } },
  { rule: 'a blank email is required too', change: { email: '  ' }, errors: { email: MESSAGES.required } },
  { rule: 'password is required', change: { password: '' }, errors: { password: MESSAGES.required } },
  { rule: 'both are required', change: { email: '', password: '' }, errors: { email: MESSAGES.required, password: MESSAGES.required } },
  { rule: 'a short password is not refused before the credentials check', change: { password: '123' } },
]);

/** Password reminder (SPEC section 5): email required; an unknown one is a 404, not a field error. */
export const PASSWORD_REMINDER_RULE_CASES: RuleCase<{ email: string }>[] = cases<{ email: string }>({ email: 'owner@acme.test' }, [
  { rule: 'an email reaches the user lookup', change: {} },
  { rule: 'email is required', change: { email: '' }, errors: { email: MESSAGES.required } },
  { rule: 'a blank email is required too', change: { email: '  ' }, errors: { email: MESSAGES.required } },
]);
