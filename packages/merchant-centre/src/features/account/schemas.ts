import { CHANGE_EMAIL_RULES, CHANGE_PASSWORD_RULES } from '@cc/contract';
import { rulesSchema } from '../../lib/form/rules-schema';
import { CHANGE_EMAIL_WIRE_FIELDS, CHANGE_PASSWORD_WIRE_FIELDS } from './api/wire-fields';

/** Change email: a valid new address and the current password (the server judges the password). */
export const changeEmailSchema = rulesSchema({
  rules: CHANGE_EMAIL_RULES,
  fields: CHANGE_EMAIL_WIRE_FIELDS,
});

/** Change password: the current one, a new one of at least 6 characters, typed twice alike. */
export const changePasswordSchema = rulesSchema({
  rules: CHANGE_PASSWORD_RULES,
  fields: CHANGE_PASSWORD_WIRE_FIELDS,
});
