import { describe, expect, it } from 'vitest';
import { formErrors } from '../../testing/form-errors';
import { changeEmailSchema, changePasswordSchema } from './schemas';

// Built from the rules the server checks the account calls with (@cc/contract CHANGE_EMAIL_RULES,
// CHANGE_PASSWORD_RULES), in the words the forms show.
const REQUIRED = 'This field is required.';

describe('change email form rules: a valid new address and the current password', () => {
  it.each([
    ['an address and a password are accepted', {}, {}],
    [
      'both are required',
      { newEmail: '', password: '' },
      { newEmail: REQUIRED, password: REQUIRED },
    ],
    [
      'the address must be valid',
      { newEmail: 'owner@acme' },
      { newEmail: 'Enter a valid email address.' },
    ],
  ])('%s', async (_rule, change, errors) => {
    expect(
      await formErrors(changeEmailSchema, { newEmail: 'new@acme.test', password: 'x', ...change }),
    ).toEqual(errors);
  });
});

describe('change password form rules: the current one, a new one of at least 6, typed twice alike', () => {
  it.each([
    ['a new password typed twice alike is accepted', {}, {}],
    [
      'every field is required',
      { currentPassword: '', newPassword: '', confirmPassword: '' },
      { currentPassword: REQUIRED, newPassword: REQUIRED, confirmPassword: REQUIRED },
    ],
    [
      'the new one is at least 6 characters',
      { newPassword: '12345', confirmPassword: '12345' },
      { newPassword: 'Password should be at least 6 characters long' },
    ],
    [
      'the entries must match',
      { confirmPassword: 'a-new-secreT' },
      { confirmPassword: "Passwords don't match" },
    ],
  ])('%s', async (_rule, change, errors) => {
    const values = {
      currentPassword: 'old',
      newPassword: 'a-new-secret',
      confirmPassword: 'a-new-secret',
      ...change,
    };
    expect(await formErrors(changePasswordSchema, values)).toEqual(errors);
  });
});
