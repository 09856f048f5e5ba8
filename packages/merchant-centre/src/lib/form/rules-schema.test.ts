import { describe, expect, it } from 'vitest';
import {
  CHANGE_EMAIL_RULES,
  CHANGE_PASSWORD_RULES,
  checkBody,
  COUPON_RULES,
  LOGIN_RULES,
  NEW_PASSWORD_RULES,
  PASSWORD_REMINDER_RULES,
  REGISTER_RULES,
  STORE_RULES,
} from '@cc/contract';
import type { BodyRules } from '@cc/contract';
import { toAmount } from '@cc/contract/money';
import { formErrors } from '../../testing/form-errors';
import { rulesSchema } from './rules-schema';

const DEFINITIONS: [string, BodyRules][] = [
  ['store', STORE_RULES],
  ['login', LOGIN_RULES],
  ['register', REGISTER_RULES],
  ['password reminder', PASSWORD_REMINDER_RULES],
  ['set new password', NEW_PASSWORD_RULES],
  ['change email', CHANGE_EMAIL_RULES],
  ['change password', CHANGE_PASSWORD_RULES],
  ['coupon', COUPON_RULES],
];

/** What an input may hold: nothing, blanks, each shape right and wrong, around each length. */
const INPUTS = [
  '',
  '   ',
  'x',
  '12345',
  '123456',
  ' owner@acme.test ',
  'owner@acme',
  'www.acme.test',
  'ftp://acme.test',
  '2030-01-31',
  '2030-02-30',
  '15.5',
  '10000000000',
  'sitewide_percent',
  'bogo',
  'x'.repeat(101),
  'x'.repeat(121),
  'x'.repeat(151),
  'x'.repeat(201),
  `${'a'.repeat(250)}@acme.test`,
  'x'.repeat(257),
];

// The schema a form is built from a definition refuses what checkBody refuses, with the same
// first message, for any input (a figure as the form sends it: converted to a number).
describe('a form schema built from a definition agrees with checkBody', () => {
  it.each(DEFINITIONS)('%s', async (_form, rules) => {
    const fields = Object.fromEntries(Object.keys(rules).map((field) => [field, field]));
    const schema = rulesSchema({ rules, fields });
    for (const [index, input] of INPUTS.entries()) {
      // Each field its own input, so that fields compared with each other differ too.
      const values = Object.fromEntries(
        Object.keys(rules).map((field, at) => [
          field,
          INPUTS[(index + at) % INPUTS.length] ?? input,
        ]),
      );
      const sent = Object.fromEntries(
        Object.entries(values).map(([field, value]) => [
          field,
          rules[field]?.shape === 'amount' ? toAmount(value) : value,
        ]),
      );
      const expected = Object.fromEntries(
        Object.entries(checkBody(rules, sent)).map(([field, [message]]) => [field, message]),
      );
      expect({ values, errors: await formErrors(schema, values) }).toEqual({
        values,
        errors: expected,
      });
    }
  });
});
