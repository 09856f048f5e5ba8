import { describe, expect, it } from 'vitest';
import { checkBody, fieldError } from './body-rules';
import {
  CHANGE_PASSWORD_RULES,
  COUPON_RULES,
  LOGIN_RULES,
  REGISTER_RULES,
  STORE_RULES,
} from './definitions';

const store = {
  name: 'Acme Outdoor',
  website_url: 'https://acme.test',
  affiliate_website_url: '',
  logo_url: '',
  contact_first_name: 'Ada',
  contact_last_name: '',
  contact_email: 'owner@acme.test',
};

describe('a body checked against its rules, each refused field with its first message in DRF style', () => {
  it('accepts a body that keeps every rule', () => {
    expect(checkBody(STORE_RULES, store)).toEqual({});
  });

  it.each([
    ['required, absent', { name: undefined }, { name: ['This field is required.'] }],
    ['required, blank', { name: '   ' }, { name: ['This field is required.'] }],
    [
      'at most 200 characters',
      { name: 'N'.repeat(201) },
      { name: ['Ensure this field has no more than 200 characters.'] },
    ],
    [
      'spaces around do not count',
      { name: ` ${'N'.repeat(200)} `, contact_email: ' owner@acme.test ' },
      {},
    ],
    [
      'a valid email',
      { contact_email: 'owner@acme' },
      { contact_email: ['Enter a valid email address.'] },
    ],
    [
      'the length before the shape',
      { contact_email: `${'a'.repeat(254)}@acme.test` },
      { contact_email: ['Ensure this field has no more than 254 characters.'] },
    ],
    ['a web address', { website_url: 'ftp://acme.test' }, { website_url: ['Enter a valid URL.'] }],
    ['a bare domain counts as an address', { website_url: 'www.acme.test' }, {}],
    [
      'an optional field may be empty, and is checked when given',
      { logo_url: 'not a url' },
      { logo_url: ['Enter a valid URL.'] },
    ],
    [
      'every refused field at once',
      { name: '', website_url: 'x y', contact_email: 'owner' },
      {
        name: ['This field is required.'],
        website_url: ['Enter a valid URL.'],
        contact_email: ['Enter a valid email address.'],
      },
    ],
  ])('store: %s', (_rule, change, errors) => {
    expect(checkBody(STORE_RULES, { ...store, ...change })).toEqual(errors);
  });

  it('leaves out what an edit does not send, and still refuses what it sends blank', () => {
    expect(checkBody(STORE_RULES, { contact_first_name: 'Grace' }, { partial: true })).toEqual({});
    expect(checkBody(STORE_RULES, { name: '' }, { partial: true })).toEqual({
      name: ['This field is required.'],
    });
  });

  it("refuses a new password under 6 characters in the spec's words, and takes a password as typed", () => {
    expect(checkBody(REGISTER_RULES, { email: 'owner@acme.test', password: '12345' })).toEqual({
      password: ['Password should be at least 6 characters long'],
    });
    expect(checkBody(REGISTER_RULES, { email: 'owner@acme.test', password: '123456' })).toEqual({});
    expect(checkBody(LOGIN_RULES, { email: ' ', password: '  ' })).toEqual({
      email: ['This field is required.'],
    });
  });

  it("refuses a password typed twice unalike: Passwords don't match", () => {
    const body = {
      current_password: 'old-secret',
      new_password: 'new-secret',
      confirm_password: 'new-secret!',
    };
    expect(checkBody(CHANGE_PASSWORD_RULES, body)).toEqual({
      confirm_password: ["Passwords don't match"],
    });
    expect(checkBody(CHANGE_PASSWORD_RULES, { ...body, confirm_password: 'new-secret' })).toEqual(
      {},
    );
  });

  it.each([
    ['offer type, one of the list', 'offer_type', 'bogo', 'Select a valid choice.'],
    [
      'description, at most 120',
      'description',
      'x'.repeat(121),
      'Ensure this field has no more than 120 characters.',
    ],
    ['a figure that can be stored', 'savings_percent', 1e10, 'A valid number is required.'],
    ['a figure written as digits', 'savings_amount', '12,50', 'A valid number is required.'],
    ['a real day', 'start_date', '2030-02-30', 'Enter a valid date in the format YYYY-MM-DD.'],
  ])('coupon: %s', (_rule, field, value, message) => {
    expect(fieldError(COUPON_RULES[field as keyof typeof COUPON_RULES], value)).toBe(message);
  });

  it('takes no figure, no date and an amount as a number or digits', () => {
    for (const [field, value] of [
      ['savings_amount', null],
      ['savings_amount', ' 15.50 '],
      ['savings_percent', 20],
      ['expiration_date', null],
    ] as const) {
      expect(fieldError(COUPON_RULES[field], value)).toBeUndefined();
    }
  });
});
