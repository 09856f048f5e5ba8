import { describe, expect, it } from 'vitest';
import { formErrors } from '../../testing/form-errors';
import { loginSchema, newPasswordSchema, passwordReminderSchema, registerSchema } from './schemas';

// The sign-in and password forms' schemas are built from the rules the server checks their
// bodies with (@cc/contract LOGIN_RULES, REGISTER_RULES, ...): each kind of rule, in the words
// the forms show (SPEC section 5).
const REQUIRED = 'This field is required.';
const TOO_SHORT = 'Password should be at least 6 characters long';

describe('login form rules: email required, password required', () => {
  it.each([
    ['an email and a password are accepted, however short (the server judges them)', {}, {}],
    ['both are required', { email: '', password: '' }, { email: REQUIRED, password: REQUIRED }],
    ['a blank email is required too', { email: '   ' }, { email: REQUIRED }],
  ])('%s', async (_rule, change, errors) => {
    expect(
      await formErrors(loginSchema, { email: 'owner@acme.test', password: '123', ...change }),
    ).toEqual(errors);
  });
});

describe('password reminder form rules: email required', () => {
  it.each([
    ['an email is accepted', {}, {}],
    ['a blank email is required', { email: ' ' }, { email: REQUIRED }],
  ])('%s', async (_rule, change, errors) => {
    expect(
      await formErrors(passwordReminderSchema, { email: 'owner@acme.test', ...change }),
    ).toEqual(errors);
  });
});

describe('register form rules: email required and valid; password at least 6 characters', () => {
  it.each([
    ['an email and a password of exactly 6 are accepted', {}, {}],
    ['both are required', { email: '', password: '' }, { email: REQUIRED, password: REQUIRED }],
    ['email must be valid', { email: 'owner@acme' }, { email: 'Enter a valid email address.' }],
    ['password is at least 6 characters', { password: '12345' }, { password: TOO_SHORT }],
  ])('%s', async (_rule, change, errors) => {
    expect(
      await formErrors(registerSchema, { email: 'owner@acme.test', password: '123456', ...change }),
    ).toEqual(errors);
  });
});

describe('set new password form rules: at least 6 characters, the entries must match', () => {
  it.each([
    ['a password typed twice alike is accepted', {}, {}],
    [
      'password is at least 6 characters',
      { password: '12345', confirmPassword: '12345' },
      { password: TOO_SHORT },
    ],
    [
      'the entries must match',
      { confirmPassword: 'shop-secret-12' },
      { confirmPassword: "Passwords don't match" },
    ],
    [
      'both are required',
      { password: '', confirmPassword: '' },
      { password: REQUIRED, confirmPassword: REQUIRED },
    ],
  ])('%s', async (_rule, change, errors) => {
    expect(
      await formErrors(newPasswordSchema, {
        password: 'shop-secret-123',
        confirmPassword: 'shop-secret-123',
        ...change,
      }),
    ).toEqual(errors);
  });
});
